import {
  can,
  formatCalendarDate,
  formatKobo,
  plural,
  TILL_STATUS_LABELS,
  TILL_STATUSES,
  type TillSession,
} from '@schoolledger/domain';
import { Banknote, Vault } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { SchoolChooser } from '@/components/school-chooser';
import { SchoolGate } from '@/components/school-gate';
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardHeader,
  ConfirmDialog,
  EmptyState,
  FormField,
  PageHeader,
  SectionTabsList,
  Select,
  Tabs,
  TabsContent,
} from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { useConfirmTill } from '../api/confirm-till';
import { useTillReport } from '../api/get-till-report';
import { useTills } from '../api/get-tills';
import { BankTillDialog } from '../components/bank-till-dialog';
import { CashUp } from '../components/cash-up';
import { CloseTillDialog, varianceText } from '../components/close-till-dialog';
import { OpenTillDialog } from '../components/open-till-dialog';
import { PendingVoids } from '../components/pending-voids';
import { STATUS_BADGES, TillReport } from '../components/till-report';
import { TillReportDialog } from '../components/till-report-dialog';
import { TILL_MESSAGES } from '../lib/messages';
import { TILL_VIEWS, type TillStatusFilter, type TillView, useTillFilters } from '../lib/use-till-filters';

/** The cash desk's tills: a bursar opens, counts and closes theirs; a second person confirms; the cash is banked. */
export default function TillsPage() {
  const { filters, update } = useTillFilters();
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Cash tills"
        description="Every naira of cash goes into a counted till: opened with a float, closed by counting the drawer, confirmed by a second person, then banked."
      />
      <SchoolGate
        permission="tills.view"
        deniedMessage="You don't have permission to view the tills."
        noSchoolTitle="No school to show tills for"
      >
        {({ superAdmin }) => (
          <SchoolChooser
            superAdmin={superAdmin}
            chosen={filters.school}
            onChoose={(school) => update({ school })}
            chooseDescription="Choose the school whose tills to see."
          >
            {(schoolId) => (
              <>
                <Tabs value={filters.view} onValueChange={(view) => update({ view: view as TillView })}>
                  <SectionTabsList label="Cash till views" tabs={TILL_VIEWS} />
                  <TabsContent value="tills">
                    <SchoolTills
                      key={schoolId}
                      schoolId={schoolId}
                      status={filters.status}
                      onStatus={(status) => update({ status })}
                    />
                  </TabsContent>
                  <TabsContent value="cash-up">
                    <CashUp
                      key={schoolId}
                      schoolId={schoolId}
                      date={filters.date}
                      onDate={(date) => update({ date })}
                    />
                  </TabsContent>
                </Tabs>
                {filters.till && <TillReportDialog id={filters.till} onClose={() => update({ till: '' })} />}
              </>
            )}
          </SchoolChooser>
        )}
      </SchoolGate>
    </div>
  );
}

function SchoolTills({
  schoolId,
  status,
  onStatus,
}: {
  schoolId: string;
  status: TillStatusFilter;
  onStatus(status: TillStatusFilter): void;
}) {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const operates = can(roles, 'tills.operate');
  const open = useTills({ school_id: schoolId, status: 'open' });
  const mine = open.data?.sessions.find((session) => session.opened_by._id === user?._id);

  return (
    <div className="space-y-6">
      {operates && (
        <Card>
          <CardHeader title="Your till" description="Cash you record at the desk goes into your open till." />
          <CardBody>
            {open.isPending ? (
              <p className="text-sm text-slate-500">Loading your till...</p>
            ) : mine ? (
              <MyTill id={mine._id} />
            ) : (
              <NoTill schoolId={schoolId} />
            )}
          </CardBody>
        </Card>
      )}
      {can(roles, 'tills.confirm') && <PendingVoids schoolId={schoolId} />}
      <TillList schoolId={schoolId} status={status} onStatus={onStatus} />
    </div>
  );
}

function NoTill({ schoolId }: { schoolId: string }) {
  const [opening, setOpening] = useState(false);
  return (
    <>
      <EmptyState
        icon={Vault}
        title="No till open"
        description="Open a till and count its float before you take cash."
        action={<Button onClick={() => setOpening(true)}>Open a till</Button>}
      />
      {opening && <OpenTillDialog schoolId={schoolId} onClose={() => setOpening(false)} />}
    </>
  );
}

function MyTill({ id }: { id: string }) {
  const report = useTillReport(id);
  const [closing, setClosing] = useState(false);
  return (
    <QueryState query={report} loading="Loading your till..." errorTitle={TILL_MESSAGES.reportFailed}>
      {(till) => (
        <div className="space-y-4">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
            {till.session.desk}
            {till.session.flags.left_open_since && (
              <Badge variant="red">Left open since {formatCalendarDate(till.session.flags.left_open_since)}</Badge>
            )}
          </h3>
          <TillReport till={till} />
          <Button onClick={() => setClosing(true)} className="max-sm:w-full">
            Count and close
          </Button>
          {closing && <CloseTillDialog till={till} onClose={() => setClosing(false)} />}
        </div>
      )}
    </QueryState>
  );
}

function TillList({
  schoolId,
  status,
  onStatus,
}: {
  schoolId: string;
  status: TillStatusFilter;
  onStatus(status: TillStatusFilter): void;
}) {
  const tills = useTills({ school_id: schoolId, status: status === 'all' ? undefined : status });
  const [viewing, setViewing] = useState<TillSession | null>(null);
  const [confirming, setConfirming] = useState<TillSession | null>(null);
  const [banking, setBanking] = useState<TillSession | null>(null);
  const confirm = useConfirmTill();

  return (
    <section aria-labelledby="tills-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="tills-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Tills
        </h2>
        <FormField label="Show" className="sm:w-64">
          <Select value={status} onChange={(event) => onStatus(event.target.value as TillStatusFilter)}>
            <option value="all">All tills</option>
            {TILL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {TILL_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <QueryState
        query={tills}
        loading="Loading the tills..."
        errorTitle={TILL_MESSAGES.loadFailed}
        isEmpty={(data) => data.sessions.length === 0}
        empty={
          <Card>
            <EmptyState
              icon={Banknote}
              title={status === 'all' ? 'No tills yet' : 'No tills found'}
              description={
                status === 'all' ? 'Tills appear here once a bursar opens one at the cash desk.' : 'Try another filter.'
              }
            />
          </Card>
        }
      >
        {({ sessions }) => (
          <Card>
            <ul aria-label="Tills" className="divide-y divide-slate-200 dark:divide-slate-800">
              {sessions.map((session) => (
                <TillRow
                  key={session._id}
                  till={session}
                  onView={() => setViewing(session)}
                  onConfirm={() => setConfirming(session)}
                  onBank={() => setBanking(session)}
                />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
      {viewing && <TillReportDialog id={viewing._id} desk={viewing.desk} onClose={() => setViewing(null)} />}
      {banking && <BankTillDialog till={banking} onClose={() => setBanking(null)} />}
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !confirm.isPending && setConfirming(null)}
          title={`Confirm the count of ${confirming.desk}`}
          description={`${confirming.opened_by.name} counted ${formatKobo(confirming.counted ?? 0n)} against ${formatKobo(confirming.expected ?? 0n)} expected (${varianceText(confirming.variance ?? 0n).toLowerCase()}). Confirm only after counting the drawer yourself.`}
          confirmLabel="Confirm count"
          loading={confirm.isPending}
          onConfirm={() => confirm.mutate({ id: confirming._id, input: {} }, { onSettled: () => setConfirming(null) })}
        />
      )}
    </section>
  );
}

function TillRow({
  till,
  onView,
  onConfirm,
  onBank,
}: {
  till: TillSession;
  onView(): void;
  onConfirm(): void;
  onBank(): void;
}) {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  // Four eyes: whoever opened or counted it does not confirm it (the server holds to it as well).
  const involved = till.opened_by._id === user?._id || till.closed_by?._id === user?._id;
  const mayConfirm = till.status === 'closing' && can(roles, 'tills.confirm') && !involved;
  const mayBank = till.status === 'closed' && can(roles, 'tills.operate');
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-white">{till.desk}</span>
          <Badge variant={STATUS_BADGES[till.status]}>{TILL_STATUS_LABELS[till.status]}</Badge>
          {till.flags.left_open_since && (
            <Badge variant="red">Left open since {formatCalendarDate(till.flags.left_open_since)}</Badge>
          )}
          {till.flags.not_banked_days !== null && (
            <Badge variant="red">Not banked · {plural(till.flags.not_banked_days, 'day')}</Badge>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {till.opened_by.name} · opened {formatDateTime(till.opened_at)}
          {till.counted !== null && (
            <>
              {' '}
              · counted <span className="tabular-nums">{formatKobo(till.counted)}</span>
              {till.variance !== null && till.variance !== 0n && ` (${varianceText(till.variance).toLowerCase()})`}
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onView} aria-label={`Report of ${till.desk}`}>
          Report
        </Button>
        {mayConfirm && (
          <Button size="sm" onClick={onConfirm} aria-label={`Confirm the count of ${till.desk}`}>
            Confirm
          </Button>
        )}
        {mayBank && (
          <Button size="sm" onClick={onBank} aria-label={`Bank the cash of ${till.desk}`}>
            Bank
          </Button>
        )}
      </div>
    </li>
  );
}
