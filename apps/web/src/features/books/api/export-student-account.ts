import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@schoolledger/domain';
import { download } from '@/lib/api-client';
import { exportFileName, type Period } from '../lib/books';
import { useBooksDownload } from './download';

export interface StudentAccountExport {
  studentId: string;
  /** The student's name, for the file name. */
  student: string;
  period: Period;
  format: ExportFormat;
}

export function exportStudentAccount({ studentId, student, period, format }: StudentAccountExport) {
  return download(
    `/books/students/${encodeURIComponent(studentId)}/account/export`,
    exportFileName(['account', student], period, format),
    { query: { ...period, format }, silent: true },
  );
}

export function useExportStudentAccount() {
  return useBooksDownload({
    download: exportStudentAccount,
    success: ({ format }) => `Student account downloaded as ${EXPORT_FORMAT_LABELS[format]}`,
    failure: "Failed to export the student's account",
  });
}
