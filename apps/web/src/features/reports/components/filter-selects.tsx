import { FormField, Select } from '@/components/ui';
import { useClassArms } from '@/lib/queries/class-arms';
import { useSessions } from '@/lib/queries/sessions';
import { useSchoolTerms } from '@/lib/queries/terms';

const NO_SCHOOL = 'Choose a school first';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  required?: boolean;
}

interface SchoolScopedProps extends SelectFieldProps {
  /** The school whose options are offered; '' until one is chosen. */
  schoolId: string;
}

export function SchoolSelect({
  schools,
  loading,
  ...field
}: SelectFieldProps & { schools: readonly { _id: string; name: string }[]; loading: boolean }) {
  return (
    <FormField label={field.label} error={field.error} required={field.required}>
      <Select value={field.value} disabled={loading} onChange={(event) => field.onChange(event.target.value)}>
        <option value="">All schools</option>
        {schools.map((school) => (
          <option key={school._id} value={school._id}>
            {school.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

export function SessionSelect({ schoolId, ...field }: SchoolScopedProps) {
  const sessions = useSessions(schoolId, { silent: true });
  return (
    <FormField label={field.label} error={field.error} required={field.required}>
      <Select
        value={field.value}
        disabled={!schoolId || sessions.isPending}
        onChange={(event) => field.onChange(event.target.value)}
      >
        <option value="">{schoolId ? 'Any session' : NO_SCHOOL}</option>
        {sessions.data?.map((session) => (
          <option key={session._id} value={session._id}>
            {session.name}
            {session.isCurrent ? ' (current)' : ''}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

export function TermSelect({
  schoolId,
  sessionId,
  emptyLabel,
  ...field
}: SchoolScopedProps & { sessionId: string; emptyLabel: string }) {
  const terms = useSchoolTerms(schoolId, { silent: true });
  const offered = (terms.data ?? []).filter((term) => !sessionId || term.session._id === sessionId);
  return (
    <FormField label={field.label} error={field.error} required={field.required}>
      <Select
        value={field.value}
        disabled={!schoolId || terms.isPending}
        onChange={(event) => field.onChange(event.target.value)}
      >
        <option value="">{schoolId ? emptyLabel : NO_SCHOOL}</option>
        {offered.map((term) => (
          <option key={term._id} value={term._id}>
            {term.session.name} · {term.name}
            {term.isCurrent ? ' (current)' : ''}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

export function ClassArmSelect({ schoolId, ...field }: SchoolScopedProps) {
  const classArms = useClassArms(schoolId);
  return (
    <FormField label={field.label} error={field.error} required={field.required}>
      <Select
        value={field.value}
        disabled={!schoolId || classArms.isPending}
        onChange={(event) => field.onChange(event.target.value)}
      >
        <option value="">{schoolId ? 'All class arms' : NO_SCHOOL}</option>
        {classArms.data?.map((classArm) => (
          <option key={classArm._id} value={classArm._id}>
            {classArm.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
