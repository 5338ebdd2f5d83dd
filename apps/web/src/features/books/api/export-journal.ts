import { JOURNAL_EXPORT_FORMAT_LABELS, type JournalExportFormat } from '@schoolledger/domain';
import { download } from '@/lib/api-client';
import { exportFileName, journalExtension, type Period } from '../lib/books';
import { useBooksDownload } from './download';

export interface JournalExport {
  schoolId: string;
  /** The school's name, for the file name. */
  school: string;
  period: Period;
  format: JournalExportFormat;
}

/** Every entry of the school in the period, laid out for the package's journal import. */
export function exportJournal({ schoolId, school, period, format }: JournalExport) {
  return download(
    '/books/journal/export',
    exportFileName(['journal', school, format], period, journalExtension(format)),
    { query: { school_id: schoolId, ...period, format }, silent: true },
  );
}

export function useExportJournal() {
  return useBooksDownload({
    download: exportJournal,
    success: ({ format }) => `Journal downloaded for ${JOURNAL_EXPORT_FORMAT_LABELS[format]}`,
    failure: 'Failed to export the journal',
  });
}
