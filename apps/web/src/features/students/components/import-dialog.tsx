import { Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { IMPORT_ACCEPT, ImportPreviewTable } from '@/components/import-preview';
import { Button, FormField, Input, Modal, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useDownloadTemplate } from '../api/download-template';
import { useImportStudents, usePreviewImport } from '../api/import-students';

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
          <ImportPreviewTable preview={result} />
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
              accept={IMPORT_ACCEPT}
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
