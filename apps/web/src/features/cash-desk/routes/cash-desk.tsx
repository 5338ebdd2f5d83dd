import { can } from '@schoolledger/domain';
import { SearchX, UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, EmptyState, PageHeader } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useOnline } from '@/lib/hooks/use-online';
import { useStudentFees } from '../api/get-student-fees';
import { CashPaymentForm, type RecordedCash } from '../components/cash-payment-form';
import { CashReceipt } from '../components/cash-receipt';
import { CreditPaybacksPanel } from '../components/credit-paybacks-panel';
import { FamilyPaymentForm, type RecordedFamily } from '../components/family-payment-form';
import { FamilyReceipt } from '../components/family-receipt';
import { OfflineStatus } from '../components/offline-status';
import { OfflineStudentSearch } from '../components/offline-student-search';
import { PaymentQueuePanel } from '../components/payment-queue-panel';
import { ProvisionalSlip } from '../components/provisional-slip';
import { Steps } from '../components/steps';
import { type ChosenStudent, StudentSearch } from '../components/student-search';
import { useOfflineCopy } from '../hooks/use-offline-copy';
import { usePaymentQueue } from '../hooks/use-payment-queue';
import type { QueuedPayment } from '../lib/desk-store';
import { feesFromCopy } from '../lib/offline-fees';

function ChosenStudentCard({
  student,
  onChange,
  onFamily,
}: {
  student: ChosenStudent;
  onChange(): void;
  onFamily?: () => void;
}) {
  return (
    <Card>
      <CardBody className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <span className="rounded-full bg-emerald-50 p-2.5 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
          <UserRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-semibold text-slate-900 dark:text-white">{student.name}</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            <span className="font-mono">{student.regNo}</span> · {student.classArm ?? 'No class'} · {student.school}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 max-sm:w-full">
          {onFamily && (
            <Button variant="secondary" size="sm" onClick={onFamily} className="max-sm:flex-1">
              <Users className="size-4" aria-hidden="true" />
              Pay for the family
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onChange} className="max-sm:flex-1">
            Change student
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * The bursary cash desk (SPEC Cash Payment Processing): search, fee, payment, receipt. With no
 * network it keeps working from the device's copy of what students owe, keeps each payment on the
 * device with a provisional slip, and sends them when the network returns.
 */
export default function CashDeskPage() {
  const online = useOnline();
  const queue = usePaymentQueue();
  // Not read while the queue is being sent: the copy would be out of date before it was saved, and
  // reading it slows the sending; it is read again once the sending ends (money moved).
  const { copy, refreshing } = useOfflineCopy(online && !queue.syncing);
  const [student, setStudent] = useState<ChosenStudent | null>(null);
  const [recorded, setRecorded] = useState<RecordedCash | null>(null);
  const [slip, setSlip] = useState<QueuedPayment | null>(null);
  const [feeChosen, setFeeChosen] = useState(false);
  // The family desk: several children's fees in one submission, found from this student.
  const [family, setFamily] = useState(false);
  const [familyRecorded, setFamilyRecorded] = useState<RecordedFamily | null>(null);
  const fees = useStudentFees(!online || recorded || slip || family ? null : (student?._id ?? null));
  const feesOffline = !online && student && copy ? feesFromCopy(copy, student._id, queue.payments ?? []) : null;
  const restart = () => {
    setRecorded(null);
    setSlip(null);
    setStudent(null);
    setFeeChosen(false);
    setFamily(false);
    setFamilyRecorded(null);
  };
  const queued = async (payment: QueuedPayment) => {
    await queue.enqueue(payment);
    setSlip(payment);
  };
  const showSlip = (payment: QueuedPayment) => {
    restart();
    setStudent(payment.student);
    setSlip(payment);
  };

  const step = recorded || familyRecorded || slip ? 4 : feeChosen ? 3 : student ? 2 : 1;
  const mayRefund = useAuthStore((state) => can(state.user?.roles ?? [], 'payments.refund'));
  const form = (data: Parameters<typeof CashPaymentForm>[0]['data'], chosen: ChosenStudent) => (
    <CashPaymentForm
      key={chosen._id}
      data={data}
      student={chosen}
      online={online}
      onFeeChosen={setFeeChosen}
      onRecorded={setRecorded}
      onQueued={queued}
    />
  );
  return (
    <div className="mx-auto max-w-6xl">
      <div className="space-y-4 print:hidden">
        <PageHeader
          title="Cash Payments"
          description="Record cash received at the bursary and give the payer a receipt."
        />
        <OfflineStatus online={online} copy={copy} refreshing={refreshing} />
        {queue.payments && queue.payments.length > 0 && (
          <PaymentQueuePanel
            payments={queue.payments}
            online={online}
            syncing={queue.syncing}
            onSyncNow={queue.syncNow}
            onShowSlip={showSlip}
          />
        )}
        {mayRefund && online && <CreditPaybacksPanel />}
      </div>
      <div className="mt-6">
        <Steps current={step} />
      </div>

      {slip ? (
        <ProvisionalSlip payment={slip} onNewPayment={restart} />
      ) : familyRecorded && student ? (
        <FamilyReceipt student={student} recorded={familyRecorded} onNewPayment={restart} />
      ) : recorded && student ? (
        <CashReceipt student={student} school={student.school} recorded={recorded} onNewPayment={restart} />
      ) : student && family ? (
        <div className="space-y-6">
          <ChosenStudentCard student={student} onChange={restart} />
          <FamilyPaymentForm student={student} onRecorded={setFamilyRecorded} onBack={() => setFamily(false)} />
        </div>
      ) : student && !online ? (
        <div className="space-y-6">
          <ChosenStudentCard student={student} onChange={restart} />
          {feesOffline ? (
            form(feesOffline, student)
          ) : (
            <Card>
              <EmptyState
                icon={SearchX}
                title="Not on this device"
                description="What this student owes was not saved before the network went down. Take the payment once the network returns."
                className="py-8"
              />
            </Card>
          )}
        </div>
      ) : student ? (
        <div className="space-y-6">
          <ChosenStudentCard student={student} onChange={restart} onFamily={() => setFamily(true)} />
          <QueryState query={fees} loading="Loading fee data..." errorTitle="Failed to load fees">
            {(data) => form(data, student)}
          </QueryState>
        </div>
      ) : (
        <Card>
          <CardHeader title="Search student" description="Find the student who is paying." />
          <CardBody>
            {online ? (
              <StudentSearch onChoose={setStudent} />
            ) : copy ? (
              <OfflineStudentSearch copy={copy} onChoose={setStudent} />
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Students can be found again once the network returns.
              </p>
            )}
          </CardBody>
        </Card>
      )}
    </div>
  );
}
