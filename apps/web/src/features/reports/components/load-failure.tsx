import { Button, ErrorBanner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';

/** A list that could not be read: what failed, the server's reason (or the default), and a retry. */
export function LoadFailure({
  title,
  error,
  fallback,
  retry,
  className,
}: {
  title: string;
  error: unknown;
  fallback: string;
  retry(): void;
  className?: string;
}) {
  return (
    <ErrorBanner title={title} className={className}>
      <p>{errorMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={retry}>
        Retry
      </Button>
    </ErrorBanner>
  );
}
