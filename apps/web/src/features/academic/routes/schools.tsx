import { CardPlaceholder } from './placeholder';

export default function SchoolsPage() {
  return <CardPlaceholder title="Schools" />;
}
