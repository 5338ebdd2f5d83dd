import type { ReportFilterName, ReportFrequency } from '@schoolledger/domain';

/**
 * What an empty filter means, as the API fills it in: a period report without dates covers the
 * last 30 days (a term or session chosen instead covers that), a term report the current term.
 */
export function defaultsHint(filters: readonly ReportFilterName[]): string | null {
  if (filters.includes('from')) {
    const instead = [filters.includes('termId') && 'a term', filters.includes('sessionId') && 'a session'].filter(
      Boolean,
    );
    return instead.length > 0
      ? `Without dates, ${instead.join(' or ')}, the report covers the last 30 days.`
      : 'Without dates, the report covers the last 30 days.';
  }
  if (filters.includes('termId')) return 'Without a term, the report covers the current term.';
  return null;
}

/** A scheduled period report saved without dates covers the week or the calendar month before each email. */
export function scheduleDefaultsHint(filters: readonly ReportFilterName[], frequency: ReportFrequency): string | null {
  if (!filters.includes('from')) return null;
  return frequency === 'weekly'
    ? 'Without dates, each email covers the 7 days before it is sent.'
    : 'Without dates, each email covers the calendar month before it is sent.';
}
