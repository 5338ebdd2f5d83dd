import { PageHeader } from '@/components/ui';
import { AcademicSelector } from '../components/academic-selector';
import { SessionsPanel } from '../components/sessions-panel';
import { useAcademicSelection } from '../stores/use-academic-selection';

export default function SessionsPage() {
  const selection = useAcademicSelection();
  return (
    <div className="space-y-6">
      <PageHeader title="Sessions" description="Academic sessions of the selected school." />
      <AcademicSelector selection={selection} depth="school" />
      <SessionsPanel selection={selection} />
    </div>
  );
}
