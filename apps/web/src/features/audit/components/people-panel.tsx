import { AUDIT_MESSAGES, ROLE_BADGES, type Role } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { SchoolFilter } from '@/components/filters';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardHeader, EmptyState, Pagination, SearchInput } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { useAuditUsers } from '../api/get-audit-users';
import { useUserActivities } from '../api/get-user-activities';
import type { AuditPermissions } from '../lib/permissions';
import type { AuditUrlFilters } from '../lib/use-audit-filters';
import { EntryList } from './entry-list';

type Filters = AuditUrlFilters;
const PAGE_SIZE = 15;

const roleNames = (roles: string[]) => roles.map((role) => ROLE_BADGES[role as Role] ?? role).join(', ');

function Activities({
  personId,
  may,
  onOpen,
  onShowInTrail,
}: {
  personId: string;
  may: AuditPermissions;
  onOpen(id: string): void;
  onShowInTrail(): void;
}) {
  const [page, setPage] = useState(1);
  const activities = useUserActivities(personId, page);
  return (
    <QueryState
      query={activities}
      loading="Loading activity..."
      errorTitle="Could not load this person's activity"
      errorFallback={AUDIT_MESSAGES.trailFailed}
    >
      {({ user, entries, pagination }) => (
        <Card>
          <CardHeader
            title={`${user.name}'s activity`}
            description={`${roleNames(user.roles)}${user.schoolName ? ` · ${user.schoolName}` : ''} · ${pagination.total} ${pagination.total === 1 ? 'entry' : 'entries'}`}
            actions={
              <Button variant="secondary" size="sm" onClick={onShowInTrail}>
                Filter the trail
              </Button>
            }
          />
          <div className="space-y-3 p-4">
            {entries.length === 0 ? (
              <p className="text-sm text-slate-500">No entries by this person yet.</p>
            ) : (
              <EntryList
                entries={entries}
                onOpen={(entry) => onOpen(entry.id)}
                showSchool={may.multiSchool}
                caption={`Entries by ${user.name}`}
              />
            )}
            <Pagination {...pagination} onPageChange={setPage} />
          </div>
        </Card>
      )}
    </QueryState>
  );
}

/** People of the caller's schools with how much they did and when last; choosing one lists their entries. */
export function PeoplePanel({
  filters,
  update,
  may,
}: {
  filters: Filters;
  update(changes: Partial<Filters>): void;
  may: AuditPermissions;
}) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const people = useAuditUsers({
    search: term || undefined,
    schoolId: filters.school || undefined,
    page: filters.page,
    limit: PAGE_SIZE,
  });

  const list = (
    <QueryState
      query={people}
      loading="Loading people..."
      errorTitle="Could not load people"
      errorFallback={AUDIT_MESSAGES.trailFailed}
      isEmpty={(data) => data.users.length === 0}
      empty={<EmptyState icon={Users} title="No people found" description="Try another name or email." />}
    >
      {({ users, pagination }) => (
        <>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {users.map((person) => (
              <li key={person.id}>
                <button
                  type="button"
                  aria-pressed={filters.person === person.id}
                  onClick={() => update({ person: person.id })}
                  className={clsx(
                    'grid w-full gap-1 px-5 py-3 text-left text-sm hover:bg-emerald-50/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 sm:grid-cols-[1fr_auto] dark:hover:bg-slate-800/50',
                    filters.person === person.id && 'bg-emerald-50 dark:bg-emerald-500/10',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900 dark:text-white">{person.name}</span>
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {roleNames(person.roles)}
                      {person.email ? ` · ${person.email}` : ''}
                      {may.multiSchool && person.schoolName ? ` · ${person.schoolName}` : ''}
                    </span>
                  </span>
                  <span className="text-xs text-slate-500 sm:text-right dark:text-slate-400">
                    <span className="font-semibold text-slate-700 tabular-nums dark:text-slate-200">
                      {person.activityCount.toLocaleString('en-NG')}
                    </span>{' '}
                    {person.activityCount === 1 ? 'entry' : 'entries'}
                    <span className="block">
                      {person.lastActivity ? `Last ${formatDateTime(person.lastActivity)}` : 'No activity yet'}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pagination className="px-5 pb-4" {...pagination} onPageChange={(page) => update({ page })} />
        </>
      )}
    </QueryState>
  );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader title="People" description="Most recently active first." />
        <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
          <SearchInput
            label="Search people"
            value={search}
            onValueChange={setSearch}
            onSearch={(value) => {
              setTerm(value);
              update({ page: 1 });
            }}
            placeholder="Name or email"
            className={may.multiSchool ? '' : 'sm:col-span-2'}
          />
          {may.multiSchool && (
            <SchoolFilter value={filters.school} onChange={(school) => update({ school, person: '' })} />
          )}
        </div>
        {list}
      </Card>
      {filters.person ? (
        <Activities
          key={filters.person}
          personId={filters.person}
          may={may}
          onOpen={(entry) => update({ entry })}
          onShowInTrail={() => update({ tab: 'trail' })}
        />
      ) : (
        <Card>
          <EmptyState icon={Users} title="Choose a person" description="Their entries in the trail show here." />
        </Card>
      )}
    </div>
  );
}
