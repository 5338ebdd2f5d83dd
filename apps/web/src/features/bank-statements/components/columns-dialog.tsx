import { zodResolver } from '@hookform/resolvers/zod';
import { type BankStatementColumns, STATEMENT_DATE_ORDERS, type StatementMapping } from '@schoolledger/domain';
import { Plus, X } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { type UseFormRegisterReturn, useFieldArray, useForm } from 'react-hook-form';
import { type QueryLike, QueryState } from '@/components/query-state';
import { Button, ErrorBanner, FormField, LoadingState, Modal, Select } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import {
  COLUMN_FIELDS,
  type ColumnsFormValues,
  columnsFormSchema,
  DATE_ORDER_LABELS,
  firstValueBelow,
  formDefaults,
  headerColumns,
  headerRowChoices,
  keepChosen,
  MAX_NARRATION_COLUMNS,
  MONEY_LAYOUTS,
  mappingProblem,
} from '../lib/columns';
import { ColumnsPreview } from './columns-preview';

export interface ColumnsDialogProps {
  file: File;
  /** The file's first rows and the saved or suggested mapping, as the columns endpoint answered. */
  columns: QueryLike<BankStatementColumns>;
  /** The upload with the chosen columns is on its way. */
  pending: boolean;
  busyLabel: string;
  /** Uploads the file again with the mapping; `onError` is told of a refusal. */
  onRead(mapping: StatementMapping, onError: (error: unknown) => void): void;
  onClose(): void;
}

/**
 * "Choose the columns": a CSV or Excel statement whose header the server did not recognise, read
 * again with the columns the bursar names. Escape, the close button and Cancel leave it (keeping
 * nothing), except while the upload is on its way.
 */
export function ColumnsDialog({ file, columns, pending, busyLabel, onRead, onClose }: ColumnsDialogProps) {
  const formId = useId();
  const ready = columns.data !== undefined && !columns.isPending && !columns.isError;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Choose the columns"
      description="The file's columns were not recognised. Choose which column holds the date, the description and the money: the choice is saved for the account, so its next statement is read at once."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          {ready && (
            <Button type="submit" form={formId} loading={pending}>
              {pending ? busyLabel : 'Read the statement'}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm wrap-anywhere text-slate-700 dark:text-slate-300">
          <span className="font-medium text-slate-900 dark:text-white">{file.name}</span>
          {columns.data?.account_number && ` · account ${columns.data.account_number}`}
        </p>
        <QueryState
          query={columns}
          loading={<LoadingState label="Reading the file's first rows..." className="py-8" />}
          errorTitle="The file's rows could not be read"
        >
          {(data) => <ColumnsForm formId={formId} data={data} onRead={onRead} />}
        </QueryState>
      </div>
    </Modal>
  );
}

/** One column select: the header row's cells, or none. */
function ColumnSelect({
  label,
  columns,
  registration,
  value,
  error,
  hint,
  required,
  className,
}: {
  label: string;
  columns: readonly string[];
  registration: UseFormRegisterReturn;
  value: string;
  error: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}) {
  return (
    <FormField label={label} required={required} error={error} hint={hint} className={className}>
      <Select {...registration} value={value}>
        <option value="">{required ? 'Choose a column' : 'None'}</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

function ColumnsForm({
  formId,
  data,
  onRead,
}: {
  formId: string;
  data: BankStatementColumns;
  onRead: ColumnsDialogProps['onRead'];
}) {
  const { rows } = data;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    getValues,
    watch,
    formState: { errors },
  } = useForm<ColumnsFormValues, unknown, StatementMapping>({
    resolver: zodResolver(columnsFormSchema),
    defaultValues: formDefaults(data),
  });
  const narration = useFieldArray({ control, name: 'narration' });

  const values = watch();
  const columns = headerColumns(rows, values.headerRow);
  const choices = headerRowChoices(rows);
  const firstDate = firstValueBelow(rows, values.headerRow, values.date);

  // Another header row names other columns: a choice stays where the new header has it too.
  function changeHeader(event: ChangeEvent<HTMLSelectElement>) {
    const headerRow = Number(event.target.value);
    const next = keepChosen({ ...getValues(), headerRow }, headerColumns(rows, headerRow));
    for (const field of COLUMN_FIELDS) setValue(field, next[field]);
    for (const [index, each] of next.narration.entries()) setValue(`narration.${index}.column`, each.column);
  }

  const submit = handleSubmit((mapping) =>
    onRead(mapping, (error) => {
      const problem = mappingProblem(error);
      if (problem) setError('root.server', { type: 'server', message: problem });
      else notify.error(errorMessage(error, 'The statement could not be read. Please try again.'));
    }),
  );

  const column = (field: (typeof COLUMN_FIELDS)[number]) => ({
    columns,
    registration: register(field),
    value: values[field],
    error: errors[field]?.message,
  });

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-5">
      <ColumnsPreview rows={rows} headerRow={values.headerRow} />
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">The file has no rows to choose from.</p>
      ) : (
        <FormField label="Header row" required error={errors.headerRow?.message} hint="The row that names the columns.">
          <Select {...register('headerRow', { valueAsNumber: true, onChange: changeHeader })} value={values.headerRow}>
            {choices.map((choice) => (
              <option key={choice.row} value={choice.row}>
                {choice.label}
              </option>
            ))}
          </Select>
        </FormField>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <ColumnSelect label="Date" required {...column('date')} />
        <ColumnSelect label="Value date" {...column('valueDate')} />
      </div>

      <div className="space-y-3">
        {narration.fields.map((field, index) => {
          const part = index + 1;
          return (
            <div key={field.id} className="flex items-start gap-2">
              <ColumnSelect
                label={index === 0 ? 'Description' : `Description, part ${part}`}
                required={index === 0}
                columns={columns}
                registration={register(`narration.${index}.column`)}
                value={values.narration[index]?.column ?? ''}
                error={errors.narration?.[index]?.column?.message}
                hint={
                  index === 0 && narration.fields.length === 1
                    ? 'When the bank splits it over columns, add each: they are joined in order.'
                    : undefined
                }
                className="min-w-0 flex-1"
              />
              {index > 0 && (
                <Button
                  variant="ghost"
                  className="mt-6.5 px-2.5"
                  aria-label={`Remove description part ${part}`}
                  onClick={() => {
                    narration.remove(index);
                    setFocus(`narration.${index - 1}.column`);
                  }}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              )}
            </div>
          );
        })}
        {narration.fields.length < MAX_NARRATION_COLUMNS && (
          <Button variant="secondary" size="sm" onClick={() => narration.append({ column: '' })}>
            <Plus className="size-4" aria-hidden="true" />
            Add another column
          </Button>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <ColumnSelect label="Reference" {...column('reference')} />
        <ColumnSelect label="Balance" {...column('balance')} />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-300">The money</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {MONEY_LAYOUTS.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input type="radio" value={value} className="size-4 accent-emerald-600" {...register('money')} />
              {label}
            </label>
          ))}
        </div>
        {values.money === 'debitCredit' ? (
          <>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Choose one of the two, or both: a statement of money in alone may have no Debit column.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <ColumnSelect label="Debit" hint="Money out of the account." {...column('debit')} />
              <ColumnSelect label="Credit" hint="Money into the account." {...column('credit')} />
            </div>
          </>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <ColumnSelect label="Amount" required {...column('amount')} />
            <ColumnSelect
              label="DR/CR column"
              hint="When a column marks each amount DR or CR."
              {...column('direction')}
            />
          </div>
        )}
      </fieldset>

      <FormField
        label="Dates are written"
        required
        error={errors.dateOrder?.message}
        hint={
          firstDate ? `The first date in the file reads “${firstDate}”.` : 'How the bank writes day, month and year.'
        }
      >
        <Select {...register('dateOrder')} value={values.dateOrder}>
          {STATEMENT_DATE_ORDERS.map((order) => (
            <option key={order} value={order}>
              {DATE_ORDER_LABELS[order]}
            </option>
          ))}
        </Select>
      </FormField>

      {errors.root?.server?.message && (
        <ErrorBanner title="The statement could not be read with these columns">
          {errors.root.server.message}
        </ErrorBanner>
      )}
    </form>
  );
}
