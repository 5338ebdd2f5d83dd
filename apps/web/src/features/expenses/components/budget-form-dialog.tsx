import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BudgetFormValues,
  type BudgetInput,
  type BudgetLine,
  budgetInputSchema,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  formatKobo,
  koboToDecimal,
} from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Select } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useSaveBudget } from '../api/save-budget';
import { NairaInput } from './naira-input';

const FIELDS = ['category', 'amount'] as const;

export interface BudgetFormDialogProps {
  schoolId: string;
  termId: string;
  /** "First Term, 2025/2026": the term the budget is for. */
  termName: string;
  /** The category the dialog opens on (a row's Edit or Set budget); chosen in the dialog otherwise. */
  category?: ExpenseCategory | undefined;
  /** The term's lines, to say when a category chosen already has a budget that saving replaces. */
  lines: readonly BudgetLine[];
  onClose(): void;
}

/** One category's budget for the term: saving sets it or replaces the one there was. */
export function BudgetFormDialog({ schoolId, termId, termName, category, lines, onClose }: BudgetFormDialogProps) {
  const save = useSaveBudget();
  const budgetOf = (chosen: string | undefined) => lines.find((line) => line.category === chosen)?.budget ?? null;
  const current = budgetOf(category);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<BudgetFormValues, unknown, BudgetInput>({
    resolver: zodResolver(budgetInputSchema),
    defaultValues: {
      school_id: schoolId,
      term_id: termId,
      category,
      amount: current === null ? undefined : koboToDecimal(current),
    },
  });
  const chosen = watch('category');
  const replaced = category ? null : budgetOf(chosen);

  const onSubmit = handleSubmit((input) =>
    save.mutate(input, { onSuccess: onClose, onError: (error) => applyFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <FormDialog
      title={current === null ? 'Set budget' : 'Edit budget'}
      description={`What the school means to spend on the category in ${termName}. Alerts go out at 80% and 100% of it.`}
      submitLabel="Save budget"
      busyLabel="Saving..."
      pending={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <input type="hidden" {...register('school_id')} />
      <input type="hidden" {...register('term_id')} />
      {category ? (
        <div className="space-y-1.5 text-sm">
          <p className="font-medium text-slate-700 dark:text-slate-300">Category</p>
          <p className="text-slate-900 dark:text-white">{EXPENSE_CATEGORY_LABELS[category]}</p>
          <input type="hidden" {...register('category')} />
        </div>
      ) : (
        <FormField
          label="Category"
          required
          error={errors.category?.message}
          hint={replaced === null ? undefined : `Its budget is ${formatKobo(replaced)}; saving replaces it.`}
        >
          <Select {...register('category')}>
            <option value="">Choose a category</option>
            {EXPENSE_CATEGORIES.map((each) => (
              <option key={each} value={each}>
                {EXPENSE_CATEGORY_LABELS[each]}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      <FormField label="Budget amount (₦)" required error={errors.amount?.message}>
        <NairaInput {...register('amount')} />
      </FormField>
    </FormDialog>
  );
}
