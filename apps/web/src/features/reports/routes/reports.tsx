import { FileBarChart } from 'lucide-react';
import { Card, EmptyState, PageHeader } from '@/components/ui';
import { useReportCatalog } from '../api/get-report-catalog';
import { LoadFailure } from '../components/load-failure';
import { ReportsSkeleton } from '../components/reports-skeleton';
import { ReportsWorkspace } from '../components/reports-workspace';
import { REPORT_TEXT } from '../lib/messages';

export default function ReportsPage() {
  const catalog = useReportCatalog();
  let body: React.ReactNode;
  if (catalog.isPending) {
    body = <ReportsSkeleton />;
  } else if (catalog.isError) {
    body = (
      <LoadFailure
        title="Could not load the reports"
        error={catalog.error}
        fallback={REPORT_TEXT.fetchFailed}
        retry={() => catalog.refetch()}
      />
    );
  } else if (catalog.data.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={FileBarChart}
          title="No reports for your role"
          description="Ask an administrator if you need a report you cannot see here."
        />
      </Card>
    );
  } else {
    body = <ReportsWorkspace catalog={catalog.data} />;
  }
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
