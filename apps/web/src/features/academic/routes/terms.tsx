import { CardPlaceholder } from './placeholder';

export default function TermsPage() {
  return <CardPlaceholder title="Terms" />;
}
