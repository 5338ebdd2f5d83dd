import { ACADEMIC_STATUSES, GENDERS, STUDENT_TYPES } from '@schoolledger/domain';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Card, FormField, Select } from '@/components/ui';
import { useClassArms } from '@/lib/queries/class-arms';
import { useSchools } from '@/lib/queries/schools';
import {
  ACADEMIC_YEARS,
  FILTER_KEYS,
  FILTER_LABELS,
  type FilterKey,
  STATUS_LABELS,
  type StudentFilters,
  TYPE_LABELS,
} from '../lib/filters';

export interface FilterPanelProps {
  id: string;
  filters: StudentFilters;
  onChange(changes: Partial<StudentFilters>): void;
}

function FilterSelect({
  name,
  value,
  onChange,
  disabled,
  children,
}: {
  name: FilterKey;
  value: string;
  onChange(changes: Partial<StudentFilters>): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <FormField label={FILTER_LABELS[name]}>
      <Select value={value} disabled={disabled} onChange={(event) => onChange({ [name]: event.target.value })}>
        <option value="">All</option>
        {children}
      </Select>
    </FormField>
  );
}

export function FilterPanel({ id, filters, onChange }: FilterPanelProps) {
  const schools = useSchools();
  const classArms = useClassArms(filters.school);
  return (
    <Card id={id} aria-label="Student filters" className="p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FilterSelect name="school" value={filters.school} onChange={onChange}>
          {schools.data?.map((school) => (
            <option key={school._id} value={school._id}>
              {school.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="classArm" value={filters.classArm} onChange={onChange} disabled={!filters.school}>
          {classArms.data?.map((arm) => (
            <option key={arm._id} value={arm._id}>
              {arm.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="academicYear" value={filters.academicYear} onChange={onChange}>
          {ACADEMIC_YEARS.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="gender" value={filters.gender} onChange={onChange}>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {gender}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="type" value={filters.type} onChange={onChange}>
          {STUDENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="academicStatus" value={filters.academicStatus} onChange={onChange}>
          {ACADEMIC_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
      </div>
      <div className="mt-4 flex justify-end">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onChange(Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])))}
          disabled={!FILTER_KEYS.some((key) => filters[key])}
        >
          Clear All
        </Button>
      </div>
    </Card>
  );
}

/** One removable chip per active filter, with the school's and class's names rather than ids. */
export function FilterChips({ filters, onChange }: Omit<FilterPanelProps, 'id'>) {
  const schools = useSchools();
  const classArms = useClassArms(filters.school);
  const active = FILTER_KEYS.filter((key) => filters[key]);
  if (active.length === 0) return null;

  function valueLabel(key: FilterKey, value: string) {
    if (key === 'school') return schools.data?.find((school) => school._id === value)?.name ?? 'Selected school';
    if (key === 'classArm') return classArms.data?.find((arm) => arm._id === value)?.name ?? 'Selected class';
    if (key === 'type') return TYPE_LABELS[value as keyof typeof TYPE_LABELS] ?? value;
    if (key === 'academicStatus') return STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? value;
    return value;
  }

  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {active.map((key) => (
        <li key={key}>
          <button
            type="button"
            onClick={() => onChange({ [key]: '' })}
            aria-label={`Remove ${FILTER_LABELS[key]} filter`}
            className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 py-1 pr-2 pl-3 text-sm text-emerald-800 ring-1 ring-emerald-600/20 ring-inset hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-300"
          >
            <span>
              {FILTER_LABELS[key]}: {valueLabel(key, filters[key])}
            </span>
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
