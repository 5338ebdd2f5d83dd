import { CardPlaceholder } from './placeholder';

export default function ClassArmsPage() {
  return <CardPlaceholder title="Class Arms" />;
}
