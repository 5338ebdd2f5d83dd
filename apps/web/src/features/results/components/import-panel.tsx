import type { ResultImportPreview } from '@schoolledger/domain';
import { CheckCircle2, Download, Upload, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button, Card, CardBody, CardHeader, FormField, Input } from '@/components/ui';
import { useDownloadResultsTemplate } from '../api/download-template';
import { useImportResults, usePreviewResultsImport } from '../api/import-results';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function PreviewTable({ preview }: { preview: ResultImportPreview }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        <span className="font-semibold text-emerald-700 dark:text-emerald-400">{preview.validCount} ready</span>
        {preview.invalidCount > 0 && (
          <>
            {', '}
            <span className="font-semibold text-red-700 dark:text-red-400">
              {preview.invalidCount} with errors (they will be skipped)
            </span>
          </>
        )}
        {preview.replacing > 0 && <>{`, ${preview.replacing} replace results already imported`}</>}
        {preview.subjects.length > 0 && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            Subjects: {preview.subjects.join(', ')}
          </span>
        )}
      </p>
      <div className="max-h-80 overflow-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows in the file</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500 uppercase dark:bg-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Student
              </th>
              <th scope="col" className="px-3 py-2">
                Check
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {preview.rows.map((row) => (
              <tr key={row.row} className={row.errors.length > 0 ? 'bg-red-50/60 dark:bg-red-950/30' : undefined}>
                <td className="px-3 py-2 align-top text-slate-500 tabular-nums dark:text-slate-400">{row.row}</td>
                <td className="px-3 py-2 align-top">
                  <p className="font-medium text-slate-900 dark:text-white">{row.name ?? '—'}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{row.regNo ?? 'No registration number'}</p>
                </td>
                <td className="px-3 py-2 align-top">
                  {row.errors.length === 0 ? (
                    <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                      <CheckCircle2 className="size-4" aria-hidden="true" />
                      Ready
                    </span>
                  ) : (
                    <ul className="space-y-0.5 text-red-700 dark:text-red-400">
                      {row.errors.map((error) => (
                        <li key={`${error.field}-${error.message}`} className="flex gap-1">
                          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                          <span>
                            <span className="font-medium">{error.field}:</span> {error.message}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Upload a term's results file, check every row without saving, then write the valid rows. */
export function ImportPanel({ schoolId, termId, termName }: { schoolId: string; termId: string; termName: string }) {
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  const template = useDownloadResultsTemplate();
  const preview = usePreviewResultsImport();
  const importer = useImportResults();
  const pending = preview.isPending || importer.isPending;
  const result = preview.data;

  function reset() {
    preview.reset();
    setFile(null);
    setInputKey((key) => key + 1);
  }

  function checkFile(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a CSV or Excel file');
      return;
    }
    preview.mutate({ file, schoolId, termId });
  }

  return (
    <Card>
      <CardHeader
        title={`Import results for ${termName}`}
        description="One row per student: registration number, average, position, class size, attendance, remark, then a column per subject with its score (and an optional '<Subject> Grade' column). Nothing is saved until you import."
        actions={
          <Button variant="secondary" size="sm" onClick={() => template.mutate()} loading={template.isPending}>
            <Download className="size-4" aria-hidden="true" />
            Template
          </Button>
        }
      />
      <CardBody className="space-y-4">
        {result ? (
          <>
            <PreviewTable preview={result} />
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={result.validCount === 0 || !file}
                loading={importer.isPending}
                onClick={() => file && importer.mutate({ file, schoolId, termId }, { onSuccess: reset })}
              >
                {importer.isPending ? 'Importing...' : `Import ${result.validCount} results`}
              </Button>
              <Button variant="ghost" onClick={reset} disabled={pending}>
                Choose another file
              </Button>
            </div>
          </>
        ) : (
          <form id={formId} onSubmit={checkFile} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField
              label="Results file"
              required
              error={fileError}
              hint="CSV or Excel (.xlsx)."
              className="min-w-0 flex-1"
            >
              <Input
                key={inputKey}
                type="file"
                accept={ACCEPT}
                className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-emerald-800"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(undefined);
                }}
              />
            </FormField>
            <Button type="submit" loading={preview.isPending} className="sm:mb-6">
              <Upload className="size-4" aria-hidden="true" />
              {preview.isPending ? 'Checking...' : 'Preview'}
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
