import { Card, EmptyState, PageHeader } from '@/components/ui';

export function CardPlaceholder({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState title="Coming soon" />
      </Card>
    </>
  );
}
