import { CardPlaceholder } from './placeholder';

export default function SessionsPage() {
  return <CardPlaceholder title="Sessions" />;
}
