import { zodResolver } from '@hookform/resolvers/zod';
import { type ExpensePolicy, expensePolicyInputSchema, formatKobo, koboToDecimal } from '@schoolledger/domain';
import { Pencil, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { QueryState } from '@/components/query-state';
import { Button, Card, FormDialog, FormField, Spinner } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { applyFieldErrors } from '@/lib/form';
import { useExpensePolicy } from '../api/get-expense-policy';
import { useSaveExpensePolicy } from '../api/save-expense-policy';
import { useExpensePermissions } from '../lib/permissions';
import { NairaInput } from './naira-input';

type ThresholdFormValues = z.input<typeof expensePolicyInputSchema>;
type ThresholdInput = z.output<typeof expensePolicyInputSchema>;

/**
 * The school's approval threshold: an expense above it, when submitted, waits for the proprietor
 * (or the admin) rather than any approver. Everyone else with access reads it.
 */
export function ThresholdCard({ schoolId }: { schoolId: string }) {
  // The threshold is the proprietor's check on the principal's approvals: only they (and the admin) set it.
  const mayEdit = useExpensePermissions().approvesAnyAmount;
  const policy = useExpensePolicy(schoolId);
  const [editing, setEditing] = useState(false);

  return (
    <QueryState
      query={policy}
      loading={
        <Card role="status" className="flex items-center gap-2 px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
          <Spinner className="size-4" /> Loading the approval threshold...
        </Card>
      }
      errorTitle="Failed to load the approval threshold"
    >
      {(saved) => {
        const { proprietorAbove, updatedBy, updatedAt } = saved;
        return (
          <Card className="flex flex-wrap items-start gap-3 px-5 py-4">
            <span className="rounded-lg bg-sky-50 p-2 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300">
              <ShieldCheck className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Proprietor's approval</h3>
              <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
                {proprietorAbove === null
                  ? 'No threshold: a principal, proprietor or admin may approve an expense of any amount.'
                  : `Expenses above ${formatKobo(proprietorAbove)} need the proprietor's approval.`}
              </p>
              {updatedAt && (
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  Last changed {updatedBy ? `by ${updatedBy.name} ` : ''}on {formatDateTime(updatedAt)}
                </p>
              )}
            </div>
            {mayEdit && (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit threshold
              </Button>
            )}
            {editing && <ThresholdFormDialog schoolId={schoolId} policy={saved} onClose={() => setEditing(false)} />}
          </Card>
        );
      }}
    </QueryState>
  );
}

function ThresholdFormDialog({
  schoolId,
  policy,
  onClose,
}: {
  schoolId: string;
  policy: ExpensePolicy;
  onClose(): void;
}) {
  const save = useSaveExpensePolicy();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ThresholdFormValues, unknown, ThresholdInput>({
    resolver: zodResolver(expensePolicyInputSchema),
    defaultValues: {
      proprietor_above: policy.proprietorAbove === null ? null : koboToDecimal(policy.proprietorAbove),
    },
  });

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { schoolId, input },
      { onSuccess: onClose, onError: (error) => applyFieldErrors(error, setError, ['proprietor_above']) },
    ),
  );

  return (
    <FormDialog
      title="Approval threshold"
      description={`${policy.school.name}: an expense above this amount, when submitted, waits for the proprietor's approval; the principal cannot approve it.`}
      submitLabel="Save threshold"
      busyLabel="Saving..."
      pending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField
        label="Proprietor approves expenses above (₦)"
        error={errors.proprietor_above?.message}
        hint="Leave empty for no threshold: any approver may approve any amount. Requests already submitted keep their approver."
      >
        <NairaInput
          {...register('proprietor_above', { setValueAs: (value: string | null) => (value === '' ? null : value) })}
        />
      </FormField>
    </FormDialog>
  );
}
