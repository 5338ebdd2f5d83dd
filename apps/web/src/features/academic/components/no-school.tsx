import { School } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Card, EmptyState } from '@/components/ui';
import type { AcademicSelection } from '../stores/use-academic-selection';

/** What a school-bound list shows before a school is chosen, or when there is none to choose. */
export function NoSchool({ selection, noun }: { selection: AcademicSelection; noun: string }) {
  const { schools } = selection;
  return (
    <QueryState query={schools} loading="Loading schools..." errorTitle="Failed to load schools">
      {(data) => {
        const none = data.length === 0;
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
      }}
    </QueryState>
  );
}
