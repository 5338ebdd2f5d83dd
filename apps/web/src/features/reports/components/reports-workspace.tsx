import { REPORT_CATEGORY_LABELS, type ReportId } from '@schoolledger/domain';
import { FileSearch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Card, EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import type { CatalogReport } from '../api/get-report-catalog';
import { REPORT_TABS, type ReportTab } from '../lib/report-params';
import { useReportSelection } from '../lib/use-report-selection';
import { GeneratedFiles } from './generated-files';
import { ReportList } from './report-list';
import { ReportPanel } from './report-panel';
import { SchedulesPanel } from './schedules-panel';

const tabLabel = (tab: ReportTab) => (tab === 'all' ? 'All' : REPORT_CATEGORY_LABELS[tab]);
const inTab = (tab: ReportTab) => (report: CatalogReport) => tab === 'all' || report.category === tab;

/** The catalogue by category, the chosen report's panel, the caller's files and schedules. */
export function ReportsWorkspace({ catalog }: { catalog: readonly CatalogReport[] }) {
  const { selection, setTab, chooseReport, setFilters } = useReportSelection();
  const [started, setStarted] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLSpanElement>(null);
  const focusOnOpen = useRef(false);
  const tabs = REPORT_TABS.filter((tab) => catalog.some(inTab(tab)));
  const tab = tabs.includes(selection.tab) ? selection.tab : 'all';
  const report = catalog.find((each) => each.id === selection.report);

  // Choosing a card moves to its panel, which on a phone is below the whole list.
  useEffect(() => {
    if (!report || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    heading.current?.focus();
  }, [report]);

  const choose = (id: ReportId) => {
    focusOnOpen.current = true;
    chooseReport(id);
  };
  const onStarted = (runId: string) => setStarted((current) => new Set(current).add(runId));

  return (
    <div className="space-y-6">
      <Tabs value={tab} onValueChange={(value) => setTab(value as ReportTab)}>
        <TabsList aria-label="Report categories" className="overflow-x-auto">
          {tabs.map((each) => (
            <TabsTrigger key={each} value={each} className="shrink-0 whitespace-nowrap">
              {tabLabel(each)}
              <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 tabular-nums dark:bg-slate-800 dark:text-slate-300">
                {catalog.filter(inTab(each)).length}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="grid grid-cols-1 gap-6 pt-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <div>
            {tabs.map((each) => (
              <TabsContent key={each} value={each} className="pt-0">
                <ReportList reports={catalog.filter(inTab(each))} chosen={report?.id ?? null} onChoose={choose} />
              </TabsContent>
            ))}
          </div>
          {report ? (
            <ReportPanel
              key={report.id}
              report={report}
              filters={selection.filters}
              onFiltersChange={setFilters}
              onStarted={onStarted}
              headingRef={heading}
            />
          ) : (
            <Card className="self-start">
              <EmptyState
                icon={FileSearch}
                title="Choose a report"
                description="Pick a report to set its filters, preview it and generate the file."
              />
            </Card>
          )}
        </div>
      </Tabs>
      <GeneratedFiles started={started} onStarted={onStarted} />
      <SchedulesPanel catalog={catalog} chosen={report} />
    </div>
  );
}
