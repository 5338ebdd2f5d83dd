import { REPORT_FILTER_LABELS, type ReportFilterName } from '@schoolledger/domain';
import { FormField, Input } from '@/components/ui';
import type { CatalogReport } from '../api/get-report-catalog';
import type { FilterErrors } from '../lib/filter-errors';
import type { FilterValues } from '../lib/report-params';
import { useReportSchools } from '../lib/use-report-schools';
import { ClassArmSelect, SchoolSelect, SessionSelect, TermSelect } from './filter-selects';
import { StudentCombobox } from './student-combobox';

export interface ReportFilterFieldsProps {
  report: Pick<CatalogReport, 'filters' | 'required'>;
  values: FilterValues;
  onChange(changes: FilterValues): void;
  errors: FilterErrors;
}

/** Exactly the filters the report reads, required ones marked; an empty one leaves the server's default. */
export function ReportFilterFields({ report, values, onChange, errors }: ReportFilterFieldsProps) {
  const { schools, loading, choose, defaultSchoolId } = useReportSchools();
  const reads = (name: ReportFilterName) => report.filters.includes(name);
  const field = (name: ReportFilterName) => ({
    label: REPORT_FILTER_LABELS[name],
    value: values[name] ?? '',
    onChange: (value: string) => onChange({ [name]: value }),
    error: errors[name],
    required: report.required.includes(name),
  });
  const schoolId = values.schoolId ?? defaultSchoolId;
  // A report of a period covers its dates when no term is chosen; a term report takes the current term.
  const termEmptyLabel = reads('from') ? 'Any term' : 'Current term';

  if (report.filters.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">This report takes no filters.</p>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {reads('schoolId') && choose && <SchoolSelect {...field('schoolId')} schools={schools} loading={loading} />}
      {reads('sessionId') && <SessionSelect {...field('sessionId')} schoolId={schoolId} />}
      {reads('termId') && (
        <TermSelect
          {...field('termId')}
          schoolId={schoolId}
          sessionId={values.sessionId ?? ''}
          emptyLabel={termEmptyLabel}
        />
      )}
      {reads('classArmId') && <ClassArmSelect {...field('classArmId')} schoolId={schoolId} />}
      {reads('from') && (
        <FormField label={REPORT_FILTER_LABELS.from} error={errors.from}>
          <Input
            type="date"
            value={values.from ?? ''}
            max={values.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </FormField>
      )}
      {reads('to') && (
        <FormField label={REPORT_FILTER_LABELS.to} error={errors.to}>
          <Input
            type="date"
            value={values.to ?? ''}
            min={values.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </FormField>
      )}
      {reads('studentId') && (
        <div className="sm:col-span-2">
          <StudentCombobox {...field('studentId')} schoolId={values.schoolId ?? ''} />
        </div>
      )}
    </div>
  );
}
