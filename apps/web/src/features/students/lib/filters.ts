import { type ACADEMIC_STATUSES, type STUDENT_TYPES, studentListQuerySchema } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

/** SPEC §9: the academic years the filter offers. */
export const ACADEMIC_YEARS = ['2023/2024', '2024/2025', '2025/2026'] as const;

export const FILTER_KEYS = ['school', 'classArm', 'academicYear', 'gender', 'type', 'academicStatus'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type StudentFilters = Record<FilterKey | 'search', string>;

export const FILTER_LABELS: Record<FilterKey, string> = {
  school: 'School',
  classArm: 'Class',
  academicYear: 'Academic year',
  gender: 'Gender',
  type: 'Student type',
  academicStatus: 'Academic status',
};

export const STATUS_LABELS: Record<(typeof ACADEMIC_STATUSES)[number], string> = {
  active: 'Active',
  suspended: 'Suspended',
  graduated: 'Graduated',
  transferred: 'Transferred',
  dropped: 'Dropped',
};

export const STATUS_BADGES: Record<(typeof ACADEMIC_STATUSES)[number], BadgeVariant> = {
  active: 'green',
  suspended: 'yellow',
  graduated: 'blue',
  transferred: 'gray',
  dropped: 'red',
};

export const TYPE_LABELS: Record<(typeof STUDENT_TYPES)[number], string> = { day: 'Day', boarding: 'Boarding' };

const DEFAULTS = {
  school: '',
  classArm: '',
  academicYear: '',
  gender: '',
  type: '',
  academicStatus: '',
  search: '',
  page: 1,
} satisfies StudentFilters & { page: number };

const shape = studentListQuerySchema.shape;

const OPTIONS: UrlFilterOptions<typeof DEFAULTS> = {
  // Anything malformed is left out instead of failing the request.
  parse: Object.fromEntries(
    [...FILTER_KEYS, 'search' as const].map((key) => [
      key,
      (raw: string) => shape[key].safeParse(raw).data || undefined,
    ]),
  ),
  // A class belongs to the school it was chosen under.
  dependents: { school: ['classArm'] },
};

/** The filters and the page live in the address, so a reload or a shared link keeps them (SPEC §4). */
export function useStudentFilters() {
  const {
    filters: { page, ...filters },
    update,
  } = useUrlFilters(DEFAULTS, OPTIONS);
  return { filters, page, update };
}
