import { School } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, EmptyState, FormField, Select } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';

interface SchoolChooserProps {
  superAdmin: boolean;
  /** The school chosen in the address; '' for none yet. */
  chosen: string;
  onChoose(schoolId: string): void;
  /** What the page shows of a school once there is one. */
  children(schoolId: string): ReactNode;
  /** The empty state's words while no school is chosen. */
  chooseDescription: string;
}

/**
 * One's own school, or the school chosen by a person who sees several (the super-admin, who has
 * none, chooses first): the selector above a page that works on one school at a time.
 */
export function SchoolChooser({ superAdmin, chosen, onChoose, children, chooseDescription }: SchoolChooserProps) {
  const ownSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const chooser = superAdmin || (schools.data?.length ?? 0) > 1;
  const schoolId = chooser ? chosen || ownSchool : ownSchool;

  return (
    <div className="space-y-6">
      {chooser && (
        <Card className="p-4">
          <FormField label="School" className="max-w-md">
            <Select value={schoolId} disabled={schools.isPending} onChange={(event) => onChoose(event.target.value)}>
              <option value="">{schools.isPending ? 'Loading schools...' : 'Select a school'}</option>
              {schools.data?.map((school) => (
                <option key={school._id} value={school._id}>
                  {school.name}
                </option>
              ))}
            </Select>
          </FormField>
          {schools.isError && (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              The schools could not be loaded. Reload the page to try again.
            </p>
          )}
        </Card>
      )}
      {schoolId ? (
        children(schoolId)
      ) : (
        <Card>
          <EmptyState icon={School} title="Select a school" description={chooseDescription} />
        </Card>
      )}
    </div>
  );
}
