import { zodResolver } from '@hookform/resolvers/zod';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_FILTERS,
  type ReportId,
  type ReportScheduleInput,
  reportScheduleInputSchema,
} from '@schoolledger/domain';
import { Controller, type Path, useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { applyFieldErrors } from '@/lib/form';
import { useCreateReportSchedule } from '../api/create-report-schedule';
import type { CatalogReport } from '../api/get-report-catalog';
import { scheduleDefaultsHint } from '../lib/defaults-hint';
import { checkFilters, type FilterErrors } from '../lib/filter-errors';
import { changeFilters, filtersFor } from '../lib/report-params';
import { hourLabel, WEEKDAYS } from '../lib/schedule-wording';
import { ReportFilterFields } from './report-filter-fields';

const FIELDS = [
  'report',
  'format',
  'emailTo',
  'frequency',
  'weekday',
  'hour',
  ...REPORT_FILTERS.map((name) => `filters.${name}` as const),
] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface ScheduleFormDialogProps {
  catalog: readonly CatalogReport[];
  initial: CatalogReport | undefined;
  onClose(): void;
}

/** A new schedule: which report, as what, to whom, how often, and with which filters. */
export function ScheduleFormDialog({ catalog, initial, onClose }: ScheduleFormDialogProps) {
  const email = useAuthStore((state) => state.user?.email ?? '');
  const create = useCreateReportSchedule();
  const {
    register,
    handleSubmit,
    control,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(reportScheduleInputSchema),
    defaultValues: {
      report: (initial ?? catalog[0])?.id,
      format: 'pdf',
      emailTo: email,
      frequency: 'weekly',
      weekday: 1,
      hour: 7,
      filters: {},
    },
  });
  const report = catalog.find((each) => each.id === watch('report'));
  const frequency = watch('frequency');
  const periodHint = report && frequency && scheduleDefaultsHint(report.filters, frequency);
  const filterErrors: FilterErrors = Object.fromEntries(
    REPORT_FILTERS.flatMap((name) => {
      const message = errors.filters?.[name]?.message;
      return message ? [[name, message]] : [];
    }),
  );

  const onSubmit = handleSubmit((input) => {
    const missing = checkFilters(input.filters, report?.required ?? []);
    for (const [name, message] of Object.entries(missing)) {
      setError(`filters.${name}` as Path<ReportScheduleInput>, { message });
    }
    if (Object.keys(missing).length > 0) return;
    create.mutate(input, {
      onSuccess: onClose,
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    });
  });

  return (
    <FormDialog
      title="New schedule"
      description="The report is generated and emailed on the chosen day, Lagos time."
      submitLabel="Create schedule"
      busyLabel="Creating..."
      pending={create.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <div className="space-y-4">
        <FormField label="Report" required error={errors.report?.message}>
          <Select
            {...register('report', {
              onChange: (event) => {
                const next = event.target.value as ReportId;
                setValue('filters', filtersFor(next, watch('filters') ?? {}));
              },
            })}
          >
            {REPORT_CATEGORIES.map((category) => {
              const reports = catalog.filter((each) => each.category === category);
              return (
                reports.length > 0 && (
                  <optgroup key={category} label={REPORT_CATEGORY_LABELS[category]}>
                    {reports.map((each) => (
                      <option key={each.id} value={each.id}>
                        {each.title}
                      </option>
                    ))}
                  </optgroup>
                )
              );
            })}
          </Select>
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Format" required error={errors.format?.message}>
            <Select {...register('format')}>
              {EXPORT_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {EXPORT_FORMAT_LABELS[format]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Recipient email" required error={errors.emailTo?.message}>
            <Input type="email" autoComplete="email" {...register('emailTo')} />
          </FormField>
          <FormField label="Frequency" required error={errors.frequency?.message}>
            <Select {...register('frequency')}>
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly (on the 1st)</option>
            </Select>
          </FormField>
          {frequency === 'weekly' && (
            <FormField label="Day" error={errors.weekday?.message}>
              <Select {...register('weekday', { valueAsNumber: true })}>
                {WEEKDAYS.map((day, index) => (
                  <option key={day} value={index}>
                    {day}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField label="Time" error={errors.hour?.message}>
            <Select {...register('hour', { valueAsNumber: true })}>
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        {report && (
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <fieldset>
              <legend className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">Filters</legend>
              <Controller
                control={control}
                name="filters"
                render={({ field }) => (
                  <ReportFilterFields
                    report={report}
                    values={field.value ?? {}}
                    onChange={(changes) => field.onChange(changeFilters(field.value ?? {}, changes))}
                    errors={filterErrors}
                  />
                )}
              />
              {periodHint && <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{periodHint}</p>}
            </fieldset>
          </div>
        )}
      </div>
    </FormDialog>
  );
}
