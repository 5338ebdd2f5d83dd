import { Button, ErrorBanner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { GENERATE_FAILED } from '@/lib/report-runs';
import type { usePreviewReport } from '../api/preview-report';
import { Bone } from './bone';
import { ReportPreview } from './report-preview';

/** Where the preview appears: its shape while it is made, the reason it failed, or the report. */
export function PreviewArea({ preview, onRetry }: { preview: ReturnType<typeof usePreviewReport>; onRetry(): void }) {
  if (preview.isIdle) return null;
  return (
    <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
      {preview.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span role="status" className="sr-only">
            Preparing the preview...
          </span>
          <Bone className="h-4 w-40" />
          <Bone className="h-6 w-64" />
          <Bone className="h-48" />
        </div>
      ) : preview.isError ? (
        <ErrorBanner title="Could not preview the report">
          <p>{errorMessage(preview.error, GENERATE_FAILED)}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
            Retry
          </Button>
        </ErrorBanner>
      ) : (
        <>
          <p role="status" className="sr-only">
            The preview of {preview.data.title} is shown below.
          </p>
          <ReportPreview preview={preview.data} />
        </>
      )}
    </div>
  );
}
