import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@schoolledger/domain';
import { download } from '@/lib/api-client';
import { exportFileName, type Period } from '../lib/books';
import { useBooksDownload } from './download';

export interface GeneralLedgerExport {
  accountId: string;
  /** The account's code and name, for the file name. */
  account: string;
  period: Period;
  format: ExportFormat;
}

export function exportGeneralLedger({ accountId, account, period, format }: GeneralLedgerExport) {
  return download('/books/general-ledger/export', exportFileName(['ledger', account], period, format), {
    query: { account_id: accountId, ...period, format },
    silent: true,
  });
}

export function useExportGeneralLedger() {
  return useBooksDownload({
    download: exportGeneralLedger,
    success: ({ format }) => `General ledger downloaded as ${EXPORT_FORMAT_LABELS[format]}`,
    failure: 'Failed to export the general ledger',
  });
}
