import { ShieldAlert } from 'lucide-react';
import { Card } from './card';
import { EmptyState } from './empty-state';

/** What a signed-in user sees on a screen their roles may not open. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <Card>
      <EmptyState icon={ShieldAlert} title="Access Denied" description={message} />
    </Card>
  );
}
