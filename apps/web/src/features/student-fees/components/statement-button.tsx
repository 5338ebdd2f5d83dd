import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { isRunFinished, useReportRunDelivery } from '@/lib/report-runs';
import { useGenerateStatement } from '../api/generate-statement';

/** Generates the student's statement of fees and payments, waits for the file, and saves it. */
export function StatementButton({ studentId }: { studentId: string }) {
  const generate = useGenerateStatement();
  const [runId, setRunId] = useState<string | null>(null);
  const { run, pollError } = useReportRunDelivery(runId, { deliver: true });
  const waiting = runId !== null && !pollError && (!run || !isRunFinished(run));
  const pending = generate.isPending || waiting;

  return (
    <Button
      variant="secondary"
      loading={pending}
      onClick={() => generate.mutate(studentId, { onSuccess: (started) => setRunId(started.id) })}
    >
      {!pending && <FileDown className="size-4" aria-hidden="true" />}
      {pending ? 'Preparing statement...' : 'Download statement (PDF)'}
    </Button>
  );
}
