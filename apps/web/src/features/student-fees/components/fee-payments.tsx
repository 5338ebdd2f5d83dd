import { formatKobo, type StudentFee, type StudentFees, todayIn } from '@schoolledger/domain';
import { Filter, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSessions } from '@/lib/queries/sessions';
import { useSchoolTerms } from '@/lib/queries/terms';
import { useStudentFees } from '../api/get-student-fees';
import { defaultTermId, type FeeFilter } from '../lib/filters';
import { FETCH_FEES_FAILED } from '../lib/messages';
import { PAYMENT_RETURN_PARAM } from '../lib/payment-window';
import { FamilyAccountCard } from './family-account-card';
import { FeeAlerts } from './fee-alerts';
import { FeeCard } from './fee-card';
import { FeeFilters } from './fee-filters';
import { PaymentHistory } from './payment-history';
import { PaymentMethodDialog } from './payment-method-dialog';
import { StatementButton } from './statement-button';
import { SummaryCards } from './summary-cards';

export interface FeePaymentsProps {
  /** null for the signed-in student's own fees. */
  studentId: string | null;
  /** The child's first name when a parent looks, so alerts say whose fees they are about. */
  childName?: string | null;
  /** The student's school, whose sessions and terms the filters offer. */
  schoolId: string | null;
  childPicker?: ReactNode;
  /** More page actions, such as a parent's payment of several children's fees at once. */
  actions?: ReactNode;
  /** The family's credit, shown to a parent above the fees it can pay. */
  credit?: ReactNode;
}

function studentLine(student: StudentFees['student']) {
  return [student.name, student.classArm?.name, student.school.name].filter(Boolean).join(' · ');
}

export function FeePayments({ studentId, childName = null, schoolId, childPicker, actions, credit }: FeePaymentsProps) {
  const ownId = useAuthStore((state) => state.user?._id ?? null);
  const sessions = useSessions(schoolId, { silent: true });
  const terms = useSchoolTerms(schoolId, { silent: true });
  // A choice belongs to one student: switching child goes back to that child's preselected term.
  const [chosen, setChosen] = useState<{ studentId: string | null; filter: FeeFilter } | null>(null);
  const [paying, setPaying] = useState<StudentFee | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  // The provider sent the payer back to this tab (no payment window): show that payment's outcome.
  const [returned, setReturned] = useState(() => searchParams.get(PAYMENT_RETURN_PARAM));
  useEffect(() => {
    if (!searchParams.has(PAYMENT_RETURN_PARAM)) return;
    setSearchParams(
      (params) => {
        params.delete(PAYMENT_RETURN_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  const own = chosen?.studentId === studentId ? chosen.filter : null;
  const waitingForTerms = Boolean(schoolId) && terms.isPending;
  const filter = own ?? { sessionId: '', termId: defaultTermId(terms.data ?? []) };
  // With no term to preselect (none loaded), the server's current term stands in.
  const serverDefault = own === null && !filter.termId;
  const selected = Boolean(filter.sessionId || filter.termId);
  const fees = useStudentFees(
    { studentId, termId: filter.termId || null, sessionId: filter.sessionId || null },
    !waitingForTerms && (selected || serverDefault),
  );
  const data = fees.data;
  const today = todayIn();
  // A student's statement is their own: students are users, so their id is their student id.
  const statementFor = studentId ?? ownId;

  // While the terms load the fees wait (the query is off, so pending): their spinner says so.
  const approved: ReactNode =
    !waitingForTerms && !selected && !serverDefault ? (
      <Card>
        <EmptyState
          icon={Filter}
          title="Select a Term or Session"
          description="Choose a session or a term above to see its fees."
        />
      </Card>
    ) : (
      <QueryState
        query={fees}
        loading="Loading fees..."
        errorTitle={FETCH_FEES_FAILED}
        isEmpty={(found) => found.fees.length === 0}
        empty={
          <Card>
            <EmptyState
              icon={Wallet}
              title="No approved fees found"
              description="There are no approved fees for the selected term or session yet."
            />
          </Card>
        }
      >
        {(found) => (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {found.fees.map((item) => (
              <li key={item.fee._id} className="flex">
                <FeeCard item={item} today={today} onPay={setPaying} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="My Fee Payments"
        description={data ? studentLine(data.student) : 'View and pay your approved school fees.'}
        actions={
          <>
            {actions}
            {statementFor && <StatementButton key={statementFor} studentId={statementFor} />}
            {data && (
              <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 sm:text-right dark:border-emerald-900 dark:bg-emerald-950/40">
                <p className="text-xs font-medium text-emerald-800 dark:text-emerald-300">Total Fees</p>
                <p className="text-xl font-semibold text-emerald-900 dark:text-emerald-100">
                  {formatKobo(data.summary.totalAmount)}
                </p>
              </div>
            )}
          </>
        }
      />

      <FeeFilters
        sessions={sessions.data ?? []}
        terms={terms.data ?? []}
        filter={filter}
        onChange={(next) => setChosen({ studentId, filter: next })}
        unavailable={!schoolId || terms.isError}
        childPicker={childPicker}
      />

      <FamilyAccountCard />

      {credit}

      {data && data.fees.length > 0 && (
        <>
          <FeeAlerts summary={data.summary} childName={childName} />
          <SummaryCards summary={data.summary} feeTotal={data.fees.length} />
        </>
      )}

      <Tabs defaultValue="approved">
        <TabsList aria-label="Fee views">
          <TabsTrigger value="approved">Approved Fees</TabsTrigger>
          <TabsTrigger value="history">Payment History</TabsTrigger>
        </TabsList>
        <TabsContent value="approved">{approved}</TabsContent>
        <TabsContent value="history">
          <PaymentHistory studentId={studentId} />
        </TabsContent>
      </Tabs>

      {paying && <PaymentMethodDialog item={paying} studentId={studentId} onClose={() => setPaying(null)} />}
      {returned && !paying && (
        <PaymentMethodDialog item={null} studentId={studentId} reference={returned} onClose={() => setReturned(null)} />
      )}
    </div>
  );
}
