import { Construction } from 'lucide-react';
import { Card, EmptyState, PageHeader } from '@/components/ui';

/** Paths whose feature has not shipped yet: an honest notice instead of sample data. */
export default function ComingLater({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={Construction}
          title="This section is coming in a later release"
          description="Nothing here yet. The rest of SchoolLedger is ready to use from the sidebar."
        />
      </Card>
    </>
  );
}
