import { FormField, Select } from '@/components/ui';
import { useSchoolTerms } from '@/lib/queries/terms';

export interface TermFilterProps {
  /** The school whose terms are offered; none until one is chosen. */
  schoolId: string;
  value: string;
  onChange(termId: string): void;
  /** The empty choice once a school is known, such as 'All Terms' or 'Current term'. */
  emptyLabel?: string;
  /** What the disabled filter says before a school is chosen. */
  noSchoolLabel?: string;
}

export function TermFilter({
  schoolId,
  value,
  onChange,
  emptyLabel = 'All Terms',
  noSchoolLabel = 'Select a school first',
}: TermFilterProps) {
  const terms = useSchoolTerms(schoolId);
  return (
    <FormField label="Term">
      <Select value={value} disabled={!schoolId || terms.isPending} onChange={(event) => onChange(event.target.value)}>
        <option value="">{schoolId ? emptyLabel : noSchoolLabel}</option>
        {terms.data?.map((term) => (
          <option key={term._id} value={term._id}>
            {term.name} ({term.session.name})
          </option>
        ))}
      </Select>
    </FormField>
  );
}
