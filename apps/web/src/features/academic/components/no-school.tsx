import { School } from 'lucide-react';
import { Button, Card, EmptyState, ErrorBanner, LoadingState } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import type { AcademicSelection } from '../stores/use-academic-selection';

/** What a school-bound list shows before a school is chosen, or when there is none to choose. */
export function NoSchool({ selection, noun }: { selection: AcademicSelection; noun: string }) {
  const { schools } = selection;
  if (schools.isPending) return <LoadingState label="Loading schools..." />;
  if (schools.isError) {
    return (
      <ErrorBanner title="Failed to load schools">
        <p>{errorMessage(schools.error, 'Please check your connection and try again.')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => schools.refetch()}>
          Retry
        </Button>
      </ErrorBanner>
    );
  }
  const none = schools.data.length === 0;
  return (
    <Card>
      <EmptyState
        icon={School}
        title={none ? 'No schools yet' : 'Select a school'}
        description={
          none
            ? `There is no school to show ${noun} for. A school administrator adds schools under School Management.`
            : `Choose a school above to see its ${noun}.`
        }
      />
    </Card>
  );
}
