import type { ImportPreview } from '@schoolledger/domain';
import { CheckCircle2, Download, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button, FormField, Input, Modal, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useDownloadTemplate } from '../api/download-template';
import { useImportStudents, usePreviewImport } from '../api/import-students';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function PreviewTable({ preview }: { preview: ImportPreview }) {
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
      </p>
      <div className="max-h-72 overflow-auto rounded-lg border border-slate-200 dark:border-slate-800">
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
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {preview.rows.map((row) => (
              <tr key={row.row} className={row.errors.length > 0 ? 'bg-red-50/60 dark:bg-red-950/30' : undefined}>
                <td className="px-3 py-2 align-top text-slate-500 tabular-nums">{row.row}</td>
                <td className="px-3 py-2 align-top">
                  <p className="font-medium text-slate-900 dark:text-white">{row.name || '—'}</p>
                  <p className="text-xs text-slate-500">{row.regNo ?? 'No registration number'}</p>
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

/** Upload, check every row without saving, then create the valid rows. */
export function ImportDialog({ onClose }: { onClose(): void }) {
  const formId = useId();
  const userSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const [schoolId, setSchoolId] = useState(userSchool);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const template = useDownloadTemplate();
  const preview = usePreviewImport();
  const importer = useImportStudents();
  const pending = preview.isPending || importer.isPending;
  const chosenSchool = schoolId || (schools.data?.length === 1 ? (schools.data[0]?._id ?? '') : '');
  const result = preview.data;

  function checkFile(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a CSV or Excel file');
      return;
    }
    if (!chosenSchool) return;
    preview.mutate({ file, schoolId: chosenSchool });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title="Import Students"
      description="Upload a CSV or Excel file laid out like the template. Nothing is saved until you confirm."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          {result ? (
            <Button
              disabled={result.validCount === 0 || !file}
              loading={importer.isPending}
              onClick={() => file && importer.mutate({ file, schoolId: chosenSchool }, { onSuccess: onClose })}
            >
              {importer.isPending ? 'Importing...' : `Import ${result.validCount} students`}
            </Button>
          ) : (
            <Button type="submit" form={formId} loading={preview.isPending} disabled={!chosenSchool}>
              {preview.isPending ? 'Checking...' : 'Preview'}
            </Button>
          )}
        </>
      }
    >
      {result ? (
        <div className="space-y-4">
          <PreviewTable preview={result} />
          <Button variant="ghost" size="sm" onClick={() => preview.reset()} disabled={pending}>
            Choose another file
          </Button>
        </div>
      ) : (
        <form id={formId} onSubmit={checkFile} noValidate className="space-y-4">
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/50">
            <span className="text-slate-600 dark:text-slate-300">Template:</span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => template.mutate('csv')}
              aria-label="Download CSV template"
            >
              <Download className="size-4" aria-hidden="true" />
              CSV
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => template.mutate('xlsx')}
              aria-label="Download Excel template"
            >
              <Download className="size-4" aria-hidden="true" />
              Excel
            </Button>
          </div>
          <FormField label="Import into school" required>
            <Select value={chosenSchool} onChange={(event) => setSchoolId(event.target.value)}>
              <option value="">Select a school</option>
              {schools.data?.map((school) => (
                <option key={school._id} value={school._id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Student file" required error={fileError} hint="CSV or Excel (.xlsx), one student a row.">
            <Input
              type="file"
              accept={ACCEPT}
              className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-emerald-800"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
            />
          </FormField>
        </form>
      )}
    </Modal>
  );
}
