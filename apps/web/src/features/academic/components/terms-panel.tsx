import { isCurrentPeriod, type Term, termBadge, todayIn } from '@schoolledger/domain';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui';
import { formatDateRange } from '@/lib/dates';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useDeleteTerm } from '../api/delete-term';
import { TERM_BADGE_VARIANT } from '../lib/format';
import { useAcademicPermissions } from '../lib/permissions';
import type { AcademicSelection } from '../stores/use-academic-selection';
import { CardList } from './card-list';
import { DeleteDialog } from './delete-dialog';
import { EntityCard } from './entity-card';
import { NoSchool } from './no-school';
import { TermFormDialog } from './term-form-dialog';

/** The selected session's terms, or every term of the school when no session is selected. */
export function TermsPanel({ selection }: { selection: AcademicSelection }) {
  const may = useAcademicPermissions();
  const remove = useDeleteTerm();
  const [editing, setEditing] = useState<Term | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Term | null>(null);
  const { school, session, sessions, term: selected } = selection;
  const schoolTerms = useSchoolTerms(session ? null : (school?._id ?? null));
  if (!school) return <NoSchool selection={selection} noun="terms" />;
  const today = todayIn();
  const sessionList = sessions.data ?? [];
  const noSessions = sessions.isSuccess && sessionList.length === 0;

  return (
    <>
      <CardList
        title="Terms"
        description={session ? `${session.name} · ${school.name}` : `All sessions · ${school.name}`}
        noun="terms"
        icon={CalendarDays}
        query={session ? selection.terms : schoolTerms}
        nameOf={(item) => item.name}
        keyOf={(item) => item._id}
        add={may.manageTerms && !noSessions ? { label: 'New Term', onClick: () => setEditing('new') } : undefined}
        emptyHint={
          noSessions
            ? `${school.name} has no sessions yet. Add a session first, then its terms.`
            : session
              ? `${session.name} has no terms. Nigerian sessions usually have three.`
              : `${school.name} has no terms in any session.`
        }
        renderItem={(item) => {
          const badge = termBadge(item, today);
          return (
            <EntityCard
              name={item.name}
              subtitle={`${item.session.name} · ${formatDateRange(item)}`}
              badges={
                <>
                  {isCurrentPeriod(item, today) && <Badge variant="blue">Current</Badge>}
                  <Badge variant={TERM_BADGE_VARIANT[badge]}>{badge}</Badge>
                </>
              }
              selected={item._id === selected?._id}
              onSelect={() => selection.selectTerm(item)}
              onEdit={may.manageTerms ? () => setEditing(item) : undefined}
              onDelete={may.deleteAcademic ? () => setDeleting(item) : undefined}
            />
          );
        }}
      />
      {editing && (
        <TermFormDialog
          sessions={sessionList}
          sessionId={session?._id}
          term={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteDialog
          entity="term"
          name={deleting.name}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting._id, { onSettled: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
