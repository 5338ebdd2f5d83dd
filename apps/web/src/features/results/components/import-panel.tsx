import { Download, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { IMPORT_ACCEPT, ImportPreviewTable } from '@/components/import-preview';
import { Button, Card, CardBody, CardHeader, FormField, Input } from '@/components/ui';
import { useDownloadResultsTemplate } from '../api/download-template';
import { useImportResults, usePreviewResultsImport } from '../api/import-results';

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
            <ImportPreviewTable preview={result}>
              {result.replacing > 0 && <>{`, ${result.replacing} replace results already imported`}</>}
              {result.subjects.length > 0 && (
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  Subjects: {result.subjects.join(', ')}
                </span>
              )}
            </ImportPreviewTable>
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
                accept={IMPORT_ACCEPT}
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
