import { FileBarChart } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState, PageHeader } from '@/components/ui';
import { useReportCatalog } from '../api/get-report-catalog';
import { ReportsSkeleton } from '../components/reports-skeleton';
import { ReportsWorkspace } from '../components/reports-workspace';
import { REPORT_TEXT } from '../lib/messages';

export default function ReportsPage() {
  const catalog = useReportCatalog();
  const body = (
    <QueryState
      query={catalog}
      loading={<ReportsSkeleton />}
      errorTitle="Could not load the reports"
      errorFallback={REPORT_TEXT.fetchFailed}
      isEmpty={(data) => data.length === 0}
      empty={
        <Card>
          <EmptyState
            icon={FileBarChart}
            title="No reports for your role"
            description="Ask an administrator if you need a report you cannot see here."
          />
        </Card>
      }
    >
      {(data) => <ReportsWorkspace catalog={data} />}
    </QueryState>
  );
  return (
    <>
      <PageHeader
        title="Reports"
        description="Preview a report with your filters, then download it as PDF, Excel or CSV, or have it emailed on a schedule."
      />
      {body}
    </>
  );
}
