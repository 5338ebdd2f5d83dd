import { REPORT_FILE_DAYS, type ReportRun } from '@schoolledger/domain';
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, CardHeader, EmptyState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { GENERATE_FAILED } from '@/lib/report-runs';
import { useCreateReportRun } from '../api/create-report-run';
import { useReportRuns } from '../api/get-report-runs';
import { REPORT_TEXT } from '../lib/messages';
import { filtersFor } from '../lib/report-params';
import { Bone } from './bone';
import { RunItem } from './run-item';

export interface GeneratedFilesProps {
  /** Runs started on this visit, saved automatically once ready. */
  started: ReadonlySet<string>;
  onStarted(runId: string): void;
}

/** The caller's recent files, newest first, each followed until it is ready. */
export function GeneratedFiles({ started, onStarted }: GeneratedFilesProps) {
  const runs = useReportRuns();
  const create = useCreateReportRun();
  const [againFor, setAgainFor] = useState<string | null>(null);
  const generateAgain = (run: ReportRun) => {
    setAgainFor(run.id);
    create.mutate(
      { report: run.report, format: run.format, filters: filtersFor(run.report, run.filters) },
      {
        onSuccess: (next) => onStarted(next.id),
        onError: (error) => notify.error(errorMessage(error, GENERATE_FAILED)),
      },
    );
  };

  const body = (
    <QueryState
      query={runs}
      loading={
        <div aria-busy="true" className="space-y-3 p-5">
          <span role="status" className="sr-only">
            Loading generated files...
          </span>
          <Bone className="h-16" />
          <Bone className="h-16" />
        </div>
      }
      errorTitle="Could not load your files"
      errorFallback={REPORT_TEXT.filesFailed}
      errorFrame="p-5"
      isEmpty={(data) => data.runs.length === 0}
      empty={<EmptyState icon={FolderOpen} title="No files yet: generate a report above." className="py-10" />}
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.runs.map((run) => (
            <RunItem
              key={run.id}
              run={run}
              deliver={started.has(run.id)}
              onGenerateAgain={generateAgain}
              generatingAgain={create.isPending && againFor === run.id}
            />
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <Card aria-labelledby="generated-files">
      <CardHeader
        title={<span id="generated-files">Generated files</span>}
        description={`Your recent files. Each stays available for ${REPORT_FILE_DAYS} days.`}
      />
      {body}
    </Card>
  );
}
