import type { BankStatementColumns, StatementMapping } from '@schoolledger/domain';
import { Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { QueryLike } from '@/components/query-state';
import { Button, Card, CardBody, CardHeader, FormField, Input } from '@/components/ui';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useStatementColumns } from '../api/statement-columns';
import { useUploadStatement } from '../api/upload-statement';
import { columnsNeeded } from '../lib/columns';
import { STATEMENT_ACCEPT } from '../lib/texts';
import { ColumnsDialog } from './columns-dialog';
import { ImportSummary } from './import-summary';

const TOO_LARGE = 'The file is too large. Upload a shorter period, or ask your bank for the statement as CSV.';

/** Where a failed upload is said: the file's own problem under the input, anything else in a toast. */
function fileProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const onFile = error.errors.find((each) => each.field === 'file');
  if (onFile) return onFile.message;
  if (error.status === 413) return error.serverMessage || TOO_LARGE;
  return null;
}

/**
 * The statement file, sent with progress; the server's summary of it once read. A CSV or Excel
 * file whose header the server did not recognise opens "Choose the columns" with the same file.
 */
export function UploadCard({ schoolId }: { schoolId: string }) {
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState(0);
  /** The file whose columns the bursar is choosing; null while the step is closed. */
  const [choosing, setChoosing] = useState<File | null>(null);
  /** The last statement read was read with chosen columns, now saved for its account. */
  const [columnsSaved, setColumnsSaved] = useState(false);
  const uploader = useUploadStatement(setProgress);
  const columns = useStatementColumns();
  const sent = uploader.isPending && progress >= 100;
  const busyLabel = sent ? 'Reading...' : 'Uploading...';

  // The file is read (or the bursar gave it up): the same one chosen again is a new, deliberate upload.
  function forgetFile() {
    setFile(null);
    setInputKey((key) => key + 1);
  }

  function chooseColumns(chosen: File) {
    setChoosing(chosen);
    columns.mutate({ file: chosen, schoolId });
  }

  function closeColumns() {
    setChoosing(null);
    columns.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError('Choose the bank statement file');
      return;
    }
    setProgress(0);
    uploader.mutate(
      { file, schoolId },
      {
        onSuccess: () => {
          setColumnsSaved(false);
          forgetFile();
        },
        onError: (error) => {
          if (columnsNeeded(error)) {
            chooseColumns(file);
            return;
          }
          const problem = fileProblem(error);
          if (problem) setFileError(problem);
          else notify.error(errorMessage(error, 'The statement could not be uploaded. Please try again.'));
        },
      },
    );
  }

  /** The same file again, with the columns chosen; the server saves them for the account. */
  function readWith(mapping: StatementMapping, onError: (error: unknown) => void) {
    if (!choosing) return;
    setProgress(0);
    uploader.mutate(
      { file: choosing, schoolId, mapping },
      {
        onSuccess: () => {
          setColumnsSaved(true);
          closeColumns();
          forgetFile();
        },
        onError,
      },
    );
  }

  /** The columns call as the step reads it: loading, failed with Retry, or the rows. */
  const columnsQuery: QueryLike<BankStatementColumns> = {
    isPending: columns.isPending || columns.isIdle,
    isError: columns.isError,
    error: columns.error,
    data: columns.data,
    refetch: () => choosing && columns.mutate({ file: choosing, schoolId }),
    isFetching: columns.isPending,
  };

  return (
    <Card aria-labelledby={`${formId}-title`}>
      <CardHeader
        title={<span id={`${formId}-title`}>Upload a statement</span>}
        description="Credits are matched to students; the certain ones are credited at once, the rest wait below."
      />
      <CardBody className="space-y-4">
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField
            label="Bank statement file"
            required
            error={fileError}
            hint="CSV, Excel (.xlsx), MT940 (.sta, .mt940, .txt) or camt.053 (.xml)."
            className="min-w-0 flex-1"
          >
            <Input
              key={inputKey}
              type="file"
              accept={STATEMENT_ACCEPT}
              disabled={uploader.isPending}
              className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-emerald-800"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(undefined);
              }}
            />
          </FormField>
          <Button type="submit" loading={uploader.isPending} className="max-sm:w-full sm:mt-6.5">
            {!uploader.isPending && <Upload className="size-4" aria-hidden="true" />}
            {uploader.isPending ? busyLabel : 'Upload'}
          </Button>
        </form>
        {uploader.isPending && (
          <div className="space-y-1">
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full bg-emerald-600 transition-[width]" style={{ width: `${progress}%` }} />
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
              {sent ? 'Sent. Reading the statement and matching its credits...' : `Sending the file: ${progress}%`}
            </p>
          </div>
        )}
        <div aria-live="polite">
          {uploader.data && !uploader.isPending && <ImportSummary result={uploader.data} columnsSaved={columnsSaved} />}
        </div>
        <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-500 dark:text-slate-400">
          <li>
            Ask your bank for the statement as Excel or CSV; MT940 and camt.053 files from online banking work too.
          </li>
          <li>Lines already imported are recognised, so overlapping periods are safe to upload.</li>
        </ul>
      </CardBody>
      {choosing && (
        <ColumnsDialog
          file={choosing}
          columns={columnsQuery}
          pending={uploader.isPending}
          busyLabel={busyLabel}
          onRead={readWith}
          onClose={() => {
            // Cancel keeps nothing: no columns saved, no statement read, the file input empty again.
            closeColumns();
            forgetFile();
          }}
        />
      )}
    </Card>
  );
}
