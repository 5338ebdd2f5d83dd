import { TILL_REPORT_TITLES } from '@schoolledger/domain';
import { QueryState } from '@/components/query-state';
import { Modal } from '@/components/ui';
import { useTillReport } from '../api/get-till-report';
import { TILL_MESSAGES } from '../lib/messages';
import { TillPrintActions } from './till-print';
import { TillReport } from './till-report';
import { TillPayments } from './till-voids';

/**
 * One till's X or Z report, in a dialog over the list; opened from a notice's link, its desk is
 * known once the report is read.
 */
export function TillReportDialog({ id, desk, onClose }: { id: string; desk?: string; onClose(): void }) {
  const report = useTillReport(id);
  const title = desk ?? report.data?.session.desk;
  // "X report" while the till is open, "Z report" once its drawer is counted.
  const heading = report.data ? TILL_REPORT_TITLES[report.data.report.kind] : 'Till report';
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title ? `${heading}: ${title}` : heading} size="md">
      <QueryState query={report} loading="Loading the till report..." errorTitle={TILL_MESSAGES.reportFailed}>
        {(till) => (
          <div className="space-y-4">
            <TillReport till={till} />
            <TillPayments till={till} />
            <TillPrintActions till={till} />
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
