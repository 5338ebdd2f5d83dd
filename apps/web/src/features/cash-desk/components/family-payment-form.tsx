import { can, type FamilyCashResult, formatKobo, koboToNaira, parseNaira, type StudentFee } from '@schoolledger/domain';
import { Banknote, PiggyBank, UserPlus, UserRound, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { QueryState } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormField, Input, Spinner, Textarea } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth';
import { applyFieldErrors } from '@/lib/form';
import { useSiblings } from '../api/get-siblings';
import { useFamilyFees } from '../api/get-student-fees';
import { useRecordFamilyCash } from '../api/record-family-cash';
import { type FamilyFormValues, familyFormSchema, lineFieldsOf, lineKey, type OwedLine } from '../lib/family-form';
import { CreditRefundDialog } from './credit-refund-dialog';
import type { ChosenStudent } from './student-search';

export interface FamilyLineInfo {
  student: string;
  regNo: string | null;
  fee: string;
}

export interface RecordedFamily {
  result: FamilyCashResult;
  /** What the receipt prints for each child and fee, by `lineKey`. */
  lines: Map<string, FamilyLineInfo>;
}

interface Child {
  _id: string;
  name: string;
  regNo: string | null;
}

function FeeLine({
  child,
  item,
  register,
  error,
  picked,
}: {
  child: Child;
  item: StudentFee;
  register: ReturnType<typeof useForm<FamilyFormValues>>['register'];
  error: string | undefined;
  picked: boolean;
}) {
  const key = lineKey(child._id, item.fee._id);
  const amountId = `family-amount-${key}`;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <input
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-emerald-600"
        aria-label={`Pay ${item.fee.name} for ${child.name}`}
        {...register(`lines.${key}.pay` as Path<FamilyFormValues>)}
      />
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-sm font-medium break-words text-slate-900 dark:text-white">{item.fee.name}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {item.fee.term.name} · {formatKobo(item.outstanding)} outstanding
        </p>
      </div>
      {picked && (
        <div className="w-full sm:w-36">
          <label htmlFor={amountId} className="sr-only">
            Amount for {item.fee.name} ({child.name})
          </label>
          <Input
            id={amountId}
            type="number"
            inputMode="decimal"
            min={1}
            step={0.01}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${amountId}-error` : undefined}
            {...register(`lines.${key}.amount` as Path<FamilyFormValues>)}
          />
          {error && (
            <p id={`${amountId}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** Several children's fees in one cash submission, part of it from the family's credit if there is any. */
export function FamilyPaymentForm({
  student,
  onRecorded,
  onBack,
}: {
  student: ChosenStudent;
  onRecorded(recorded: RecordedFamily): void;
  onBack(): void;
}) {
  const siblings = useSiblings(student._id);
  const [added, setAdded] = useState<Child[]>([]);
  const children: Child[] = [{ _id: student._id, name: student.name, regNo: student.regNo }, ...added];
  const fees = useFamilyFees(children.map((child) => child._id));
  const balance = siblings.data?.family?.balance ?? 0n;
  const mayRefund = useAuthStore((state) => can(state.user?.roles ?? [], 'payments.refund'));
  const [refunding, setRefunding] = useState(false);

  const owed: OwedLine[] = children.flatMap((child, index) =>
    (fees[index]?.data?.fees ?? []).map((item) => ({
      studentId: child._id,
      feeId: item.fee._id,
      outstanding: item.outstanding,
    })),
  );
  // Every line starts unticked at what it still owes; RHF keeps what the bursar changed as lines arrive,
  // and the reasons a submission was refused: another desk's payment refreshes the lines right after
  // the server refuses a line for it, and that refresh must not wipe the message it caused.
  const defaults: FamilyFormValues['lines'] = {};
  for (const line of owed)
    defaults[lineKey(line.studentId, line.feeId)] = { pay: false, amount: String(koboToNaira(line.outstanding)) };
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FamilyFormValues>({
    values: { lines: defaults, use_credit: '', notes: '' },
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  const values = useWatch({ control });
  const record = useRecordFamilyCash();
  const attempt = useRef<string | null>(null);

  const picked = owed.filter((line) => values.lines?.[lineKey(line.studentId, line.feeId)]?.pay);
  // Exact kobo from what is typed; a box that is not yet an amount counts as nothing.
  const typedKobo = (text: string | undefined) => (text ? (parseNaira(text) ?? 0n) : 0n);
  const total = picked.reduce(
    (sum, line) => sum + typedKobo(values.lines?.[lineKey(line.studentId, line.feeId)]?.amount),
    0n,
  );
  const credit = typedKobo(values.use_credit);

  const submit = handleSubmit(async (form) => {
    clearErrors();
    const parsed = familyFormSchema(owed, balance).safeParse(form);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        setError(issue.path.join('.') as Path<FamilyFormValues>, { message: issue.message });
      return;
    }
    if (record.isPending) return;
    attempt.current ??= crypto.randomUUID();
    try {
      const result = await record.mutateAsync({ input: parsed.data, idempotencyKey: attempt.current });
      attempt.current = null;
      const lines = new Map<string, FamilyLineInfo>();
      children.forEach((child, index) => {
        for (const item of fees[index]?.data?.fees ?? [])
          lines.set(lineKey(child._id, item.fee._id), { student: child.name, regNo: child.regNo, fee: item.fee.name });
      });
      onRecorded({ result, lines });
    } catch (error) {
      attempt.current = null;
      if (!applyFieldErrors(error, setError, ['use_credit', 'notes'], lineFieldsOf(parsed.data.items)))
        setError('use_credit', {
          message: errorMessage(error, 'The payment could not be recorded. Please try again.'),
        });
    }
  });

  const lineError = (key: string) =>
    (errors.lines as Record<string, { amount?: { message?: string } }> | undefined)?.[key]?.amount?.message;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-5 lg:items-start">
      <div className="space-y-4 lg:col-span-3">
        <Card>
          <CardHeader
            title="Family payment"
            description="Tick each fee the family is paying now; every fee gets its own receipt."
            actions={
              <Button variant="ghost" size="sm" onClick={onBack}>
                Back to one student
              </Button>
            }
          />
          <CardBody className="space-y-3">
            <QueryState
              query={siblings}
              loading={
                <p className="flex items-center gap-2 text-sm text-slate-500">
                  <Spinner /> Looking for brothers and sisters...
                </p>
              }
              errorTitle="Siblings could not be loaded"
              isEmpty={(data) => data.students.length === 0}
              empty={
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  No brothers or sisters of {student.name} at your school.
                </p>
              }
            >
              {(data) => (
                <div className="flex flex-wrap gap-2">
                  {data.students.map((sibling) => {
                    const isAdded = added.some((child) => child._id === sibling._id);
                    return (
                      <Button
                        key={sibling._id}
                        size="sm"
                        variant="secondary"
                        aria-pressed={isAdded}
                        onClick={() =>
                          setAdded((current) =>
                            isAdded
                              ? current.filter((child) => child._id !== sibling._id)
                              : [...current, { _id: sibling._id, name: sibling.name, regNo: sibling.regNo }],
                          )
                        }
                      >
                        {isAdded ? (
                          <X className="size-4" aria-hidden="true" />
                        ) : (
                          <UserPlus className="size-4" aria-hidden="true" />
                        )}
                        {isAdded ? `Remove ${sibling.name}` : `Add a sibling: ${sibling.name}`}
                      </Button>
                    );
                  })}
                </div>
              )}
            </QueryState>
          </CardBody>
        </Card>

        {children.map((child, index) => {
          // useQueries answers one query per child, in the same order.
          const query = fees[index]!;
          return (
            <Card key={child._id}>
              <CardHeader
                title={
                  <span className="flex items-center gap-2">
                    <UserRound className="size-4 text-emerald-700" aria-hidden="true" />
                    {child.name}
                  </span>
                }
                description={child.regNo ?? undefined}
              />
              <CardBody>
                <QueryState
                  query={query}
                  loading="Loading fees..."
                  errorTitle="Failed to load fees"
                  isEmpty={(data) => data.fees.length === 0}
                  empty={<p className="text-sm text-slate-500 dark:text-slate-400">{child.name} owes nothing.</p>}
                >
                  {(data) => (
                    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                      {data.fees.map((item) => {
                        const key = lineKey(child._id, item.fee._id);
                        return (
                          <FeeLine
                            key={key}
                            child={child}
                            item={item}
                            register={register}
                            error={lineError(key)}
                            picked={Boolean(values.lines?.[key]?.pay)}
                          />
                        );
                      })}
                    </ul>
                  )}
                </QueryState>
              </CardBody>
            </Card>
          );
        })}
      </div>

      {/* The totals and the button stay in view while the bursar ticks down long lists of fees. */}
      <Card className="lg:sticky lg:top-20 lg:col-span-2">
        <CardHeader title="Payment" description="Cash received at the bursary" />
        <CardBody className="space-y-5">
          {siblings.data?.family && (
            <div className="flex items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm dark:border-amber-900 dark:bg-amber-500/10">
              <span className="flex items-center gap-2 text-amber-900 dark:text-amber-200">
                <PiggyBank className="size-4" aria-hidden="true" />
                Family credit ({siblings.data.family.parent.name})
              </span>
              <span className="flex items-center gap-3">
                <span className="font-semibold text-amber-900 tabular-nums dark:text-amber-100">
                  {formatKobo(balance)}
                </span>
                {mayRefund && balance > 0n && (
                  <Button variant="secondary" size="sm" onClick={() => setRefunding(true)}>
                    Pay back
                  </Button>
                )}
              </span>
            </div>
          )}
          {refunding && siblings.data?.family && (
            <CreditRefundDialog
              parent={siblings.data.family.parent}
              balance={balance}
              onClose={() => setRefunding(false)}
            />
          )}
          {balance > 0n && (
            <FormField
              label="Use credit (₦)"
              error={errors.use_credit?.message}
              hint={`Up to ${formatKobo(balance)}; the rest is paid in cash`}
            >
              <Input type="number" inputMode="decimal" min={0} step={0.01} {...register('use_credit')} />
            </FormField>
          )}
          {balance === 0n && errors.use_credit && (
            <p className="text-sm text-red-600 dark:text-red-400" role="alert">
              {errors.use_credit.message}
            </p>
          )}
          <FormField label="Notes" error={errors.notes?.message} hint="Optional, kept with each payment">
            <Textarea rows={2} {...register('notes')} />
          </FormField>
          <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-500 dark:text-slate-400">Fees ticked</dt>
              <dd className="font-medium text-slate-900 dark:text-white">{picked.length}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-500 dark:text-slate-400">Total</dt>
              <dd className="font-medium text-slate-900 dark:text-white">{formatKobo(total)}</dd>
            </div>
            {credit > 0n && (
              <div className="flex justify-between gap-3">
                <dt className="text-slate-500 dark:text-slate-400">From credit</dt>
                <dd className="font-medium text-slate-900 dark:text-white">−{formatKobo(credit)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 dark:border-slate-700">
              <dt className="font-medium text-slate-700 dark:text-slate-200">Cash to collect</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">
                {formatKobo(total > credit ? total - credit : 0n)}
              </dd>
            </div>
          </dl>
          <Button type="submit" size="lg" className="w-full" loading={record.isPending} disabled={picked.length === 0}>
            {!record.isPending && <Banknote className="size-5" aria-hidden="true" />}
            {record.isPending
              ? 'Recording...'
              : `Record payment for ${picked.length} ${picked.length === 1 ? 'fee' : 'fees'}`}
          </Button>
        </CardBody>
      </Card>
    </form>
  );
}
