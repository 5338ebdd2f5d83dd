import { PageHeader } from '@/components/ui';
import { AcademicSelector } from '../components/academic-selector';
import { ClassArmsPanel } from '../components/class-arms-panel';
import { useAcademicSelection } from '../stores/use-academic-selection';

export default function ClassArmsPage() {
  const selection = useAcademicSelection();
  return (
    <div className="space-y-6">
      <PageHeader title="Class Arms" description="Class arms of the selected school and how full they are." />
      <AcademicSelector selection={selection} depth="school" />
      <ClassArmsPanel selection={selection} />
    </div>
  );
}
