import { can } from '@schoolledger/domain';
import { UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, PageHeader } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useStudentFees } from '../api/get-student-fees';
import { CashPaymentForm, type RecordedCash } from '../components/cash-payment-form';
import { CashReceipt } from '../components/cash-receipt';
import { CreditPaybacksPanel } from '../components/credit-paybacks-panel';
import { FamilyPaymentForm, type RecordedFamily } from '../components/family-payment-form';
import { FamilyReceipt } from '../components/family-receipt';
import { Steps } from '../components/steps';
import { type ChosenStudent, StudentSearch } from '../components/student-search';

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

/** The bursary cash desk (SPEC Cash Payment Processing): search, fee, payment, receipt. */
export default function CashDeskPage() {
  const [student, setStudent] = useState<ChosenStudent | null>(null);
  const [recorded, setRecorded] = useState<RecordedCash | null>(null);
  const [feeChosen, setFeeChosen] = useState(false);
  // The family desk: several children's fees in one submission, found from this student.
  const [family, setFamily] = useState(false);
  const [familyRecorded, setFamilyRecorded] = useState<RecordedFamily | null>(null);
  const fees = useStudentFees(recorded || family ? null : (student?._id ?? null));
  const restart = () => {
    setRecorded(null);
    setStudent(null);
    setFeeChosen(false);
    setFamily(false);
    setFamilyRecorded(null);
  };

  const step = recorded || familyRecorded ? 4 : feeChosen ? 3 : student ? 2 : 1;
  const mayRefund = useAuthStore((state) => can(state.user?.roles ?? [], 'payments.refund'));
  return (
    <div className="mx-auto max-w-6xl">
      <div className="print:hidden">
        <PageHeader
          title="Cash Payments"
          description="Record cash received at the bursary and give the payer a receipt."
        />
        {mayRefund && (
          <div className="mb-6">
            <CreditPaybacksPanel />
          </div>
        )}
      </div>
      <Steps current={step} />

      {familyRecorded && student ? (
        <FamilyReceipt student={student} recorded={familyRecorded} onNewPayment={restart} />
      ) : recorded && student ? (
        <CashReceipt student={student} school={student.school} recorded={recorded} onNewPayment={restart} />
      ) : student && family ? (
        <div className="space-y-6">
          <ChosenStudentCard student={student} onChange={restart} />
          <FamilyPaymentForm student={student} onRecorded={setFamilyRecorded} onBack={() => setFamily(false)} />
        </div>
      ) : student ? (
        <div className="space-y-6">
          <ChosenStudentCard student={student} onChange={restart} onFamily={() => setFamily(true)} />
          <QueryState query={fees} loading="Loading fee data..." errorTitle="Failed to load fees">
            {(data) => (
              <CashPaymentForm key={student._id} data={data} onFeeChosen={setFeeChosen} onRecorded={setRecorded} />
            )}
          </QueryState>
        </div>
      ) : (
        <Card>
          <CardHeader title="Search student" description="Find the student who is paying." />
          <CardBody>
            <StudentSearch onChoose={setStudent} />
          </CardBody>
        </Card>
      )}
    </div>
  );
}
