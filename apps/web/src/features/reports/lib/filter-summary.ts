import { REPORT_FILTER_LABELS, type ReportFilterName } from '@schoolledger/domain';
import { formatDate } from '@/lib/dates';

/** The names behind a file's filter ids, as far as they are known yet. */
export type FilterNames = Partial<Record<Exclude<ReportFilterName, 'from' | 'to'>, string>>;

const NAMED = ['schoolId', 'sessionId', 'termId', 'classArmId', 'studentId'] as const;

/** "School: Crown Valley · Term: First Term 2026/2027 · 1 Sept 2026 – 30 Sept 2026", or "Default filters". */
export function describeFilters(filters: Partial<Record<string, string>>, names: FilterNames): string {
  const parts: string[] = [];
  for (const name of NAMED) {
    if (filters[name]) parts.push(`${REPORT_FILTER_LABELS[name]}: ${names[name] ?? '…'}`);
  }
  const { from, to } = filters;
  if (from && to) parts.push(`${formatDate(from)} – ${formatDate(to)}`);
  else if (from) parts.push(`From ${formatDate(from)}`);
  else if (to) parts.push(`Up to ${formatDate(to)}`);
  return parts.length > 0 ? parts.join(' · ') : 'Default filters';
}
