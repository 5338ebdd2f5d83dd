import { FormField, Select } from '@/components/ui';
import { useSchools } from '@/lib/queries/schools';

export interface SchoolFilterProps {
  value: string;
  onChange(schoolId: string): void;
  /** The empty choice: 'All Schools' for lists, 'Select a school' where one is required. */
  emptyLabel?: string;
  className?: string;
}

/** The schools the caller may see, asked for only once the filter shows. */
export function SchoolFilter({ value, onChange, emptyLabel = 'All Schools', className }: SchoolFilterProps) {
  const schools = useSchools();
  return (
    <FormField label="School" className={className}>
      <Select value={value} disabled={schools.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="">{emptyLabel}</option>
        {schools.data?.map((school) => (
          <option key={school._id} value={school._id}>
            {school.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
