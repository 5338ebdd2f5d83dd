import { type ACADEMIC_STATUSES, type STUDENT_TYPES, studentListQuerySchema } from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

/** SPEC §9: the academic years the filter offers. */
export const ACADEMIC_YEARS = ['2023/2024', '2024/2025', '2025/2026'] as const;

export const FILTER_KEYS = ['school', 'classArm', 'academicYear', 'gender', 'type', 'academicStatus'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type StudentFilters = Partial<Record<FilterKey | 'search', string>>;

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

const shape = studentListQuerySchema.shape;

/** Filters from the address bar; anything malformed is left out instead of failing the request. */
export function readFilters(params: URLSearchParams): StudentFilters {
  const filters: StudentFilters = {};
  for (const key of [...FILTER_KEYS, 'search'] as const) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters;
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}
