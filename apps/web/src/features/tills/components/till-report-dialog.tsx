import { QueryState } from '@/components/query-state';
import { Modal } from '@/components/ui';
import { useTillReport } from '../api/get-till-report';
import { TILL_MESSAGES } from '../lib/messages';
import { TillReport } from './till-report';
import { TillPayments } from './till-voids';

/**
 * One till's X or Z report, in a dialog over the list; opened from a notice's link, its desk is
 * known once the report is read.
 */
export function TillReportDialog({ id, desk, onClose }: { id: string; desk?: string; onClose(): void }) {
  const report = useTillReport(id);
  const title = desk ?? report.data?.session.desk;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title ? `Till report: ${title}` : 'Till report'}
      size="md"
    >
      <QueryState query={report} loading="Loading the till report..." errorTitle={TILL_MESSAGES.reportFailed}>
        {(till) => (
          <div className="space-y-4">
            <TillReport till={till} />
            <TillPayments till={till} />
          </div>
        )}
      </QueryState>
    </Modal>
  );
}
