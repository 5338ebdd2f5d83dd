import { EXPORT_FORMAT_LABELS, type ExportFormat, type TrialBalanceQuery } from '@schoolledger/domain';
import { download } from '@/lib/api-client';
import { exportFileName, type Period } from '../lib/books';
import { useBooksDownload } from './download';

export interface TrialBalanceExport {
  query: TrialBalanceQuery & Period;
  /** The school's name, or the group's, for the file name. */
  whose: string;
  format: ExportFormat;
}

export function exportTrialBalance({ query, whose, format }: TrialBalanceExport) {
  return download('/books/trial-balance/export', exportFileName(['trial balance', whose], query, format), {
    query: { ...query, format },
    silent: true,
  });
}

export function useExportTrialBalance() {
  return useBooksDownload({
    download: exportTrialBalance,
    success: ({ format }) => `Trial balance downloaded as ${EXPORT_FORMAT_LABELS[format]}`,
    failure: 'Failed to export the trial balance',
  });
}
