import { PageHeader } from '@/components/ui';
import { AcademicSelector } from '../components/academic-selector';
import { TermsPanel } from '../components/terms-panel';
import { useAcademicSelection } from '../stores/use-academic-selection';

export default function TermsPage() {
  const selection = useAcademicSelection();
  return (
    <div className="space-y-6">
      <PageHeader title="Terms" description="Terms of the selected session, or of every session of the school." />
      <AcademicSelector selection={selection} depth="session" allSessionsLabel="All sessions" />
      <TermsPanel selection={selection} />
    </div>
  );
}
