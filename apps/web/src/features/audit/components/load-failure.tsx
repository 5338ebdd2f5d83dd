import { Button, ErrorBanner } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';

/** A tab whose data could not be read: what failed, the server's reason (or SPEC §8's), and a retry. */
export function LoadFailure({
  title,
  error,
  fallback,
  retry,
}: {
  title: string;
  error: unknown;
  fallback: string;
  retry(): void;
}) {
  return (
    <ErrorBanner title={title}>
      <p>{errorMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={retry}>
        Retry
      </Button>
    </ErrorBanner>
  );
}
