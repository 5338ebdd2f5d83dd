import { EXPORT_FORMAT_LABELS, type ExportFormat, emailSchema } from '@schoolledger/domain';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardBody, CardHeader, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { GENERATE_FAILED } from '@/lib/report-runs';
import { useCreateReportRun } from '../api/create-report-run';
import type { CatalogReport } from '../api/get-report-catalog';
import { usePreviewReport } from '../api/preview-report';
import { defaultsHint } from '../lib/defaults-hint';
import { checkFilters, type FilterErrors, serverFieldError, serverFilterErrors } from '../lib/filter-errors';
import { type FilterValues, filtersFor } from '../lib/report-params';
import { ExportButtons } from './export-buttons';
import { PreviewArea } from './preview-area';
import { ReportFilterFields } from './report-filter-fields';

export interface ReportPanelProps {
  report: CatalogReport;
  filters: FilterValues;
  onFiltersChange(changes: FilterValues): void;
  /** A file was queued from here: the files list follows it and saves it when ready. */
  onStarted(runId: string): void;
  headingRef?: React.Ref<HTMLSpanElement>;
}

const hasErrors = (errors: FilterErrors) => Object.keys(errors).length > 0;

/** One report: its filters, a preview of its first rows, and the files it can be generated as. */
export function ReportPanel({ report, filters, onFiltersChange, onStarted, headingRef }: ReportPanelProps) {
  const preview = usePreviewReport();
  const create = useCreateReportRun();
  const [checked, setChecked] = useState<FilterErrors>({});
  const [emailTo, setEmailTo] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const request = { report: report.id, filters: filtersFor(report.id, filters) };
  const errors = { ...serverFilterErrors(create.error ?? preview.error), ...checked };
  const hint = defaultsHint(report.filters);

  const changeFilters = (changes: FilterValues) => {
    // A preview or an error belongs to the filters it was asked with.
    preview.reset();
    create.reset();
    setChecked({});
    onFiltersChange(changes);
  };

  const ready = () => {
    const found = checkFilters(request.filters, report.required);
    setChecked(found);
    return !hasErrors(found);
  };

  const showPreview = () => {
    if (!ready()) return;
    preview.mutate(request, { onError: (error) => notify.error(errorMessage(error, GENERATE_FAILED)) });
  };

  const generate = (format: ExportFormat) => {
    const address = emailTo.trim();
    const email = address ? emailSchema.safeParse(address) : null;
    setEmailError(email?.error?.issues[0]?.message);
    if (!ready() || email?.error) return;
    create.mutate(
      { ...request, format, emailTo: address || undefined },
      {
        onSuccess: (run) => {
          onStarted(run.id);
          notify.info(
            address
              ? `The report will be emailed to ${address} when it is ready`
              : `${run.title} (${EXPORT_FORMAT_LABELS[format]}) is being prepared: it downloads when ready`,
          );
        },
        onError: (error) => {
          setEmailError(serverFieldError(error, 'emailTo'));
          notify.error(errorMessage(error, GENERATE_FAILED));
        },
      },
    );
  };

  return (
    <Card aria-labelledby={`report-${report.id}`} className="self-start">
      <CardHeader
        title={
          <span id={`report-${report.id}`} ref={headingRef} tabIndex={-1} className="focus:outline-none">
            {report.title}
          </span>
        }
        description={report.description}
      />
      <CardBody className="space-y-6">
        <fieldset className="space-y-3">
          <legend className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">Filters</legend>
          <ReportFilterFields report={report} values={request.filters} onChange={changeFilters} errors={errors} />
          {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
        </fieldset>
        <div className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800">
          <FormField
            label="Email a copy (optional)"
            error={emailError}
            hint="The file is also sent to this address when it is ready."
            className="sm:max-w-sm"
          >
            <Input
              type="email"
              autoComplete="email"
              placeholder="name@example.com"
              value={emailTo}
              onChange={(event) => setEmailTo(event.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={showPreview} loading={preview.isPending}>
              {!preview.isPending && <Eye className="size-4" aria-hidden="true" />}
              {preview.isPending ? 'Previewing...' : 'Preview'}
            </Button>
            <span aria-hidden="true" className="mx-1 hidden h-6 w-px bg-slate-200 sm:block dark:bg-slate-700" />
            <ExportButtons pending={create.isPending ? (create.variables?.format ?? null) : null} onExport={generate} />
          </div>
        </div>
        <PreviewArea preview={preview} onRetry={showPreview} />
      </CardBody>
    </Card>
  );
}
