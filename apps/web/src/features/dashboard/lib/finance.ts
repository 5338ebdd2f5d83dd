import {
  formatKobo,
  type Kobo,
  koboToNaira,
  type MethodShare,
  type MonthCollected,
  PAYMENT_METHOD_LABELS,
} from '@schoolledger/domain';
import type { ChartRow } from '@/components/charts';
import { formatMonth } from '@/lib/dates';

/**
 * The same money format as every other screen (formatKobo, whole naira only where the group's
 * setting asks): a dashboard beside a fee list or a receipt must not round what they show in kobo.
 */
export const naira = (kobo: Kobo) => formatKobo(kobo);

export const nairaOfNumber = (value: number) => naira(BigInt(Math.round(value * 100)));

/** SPEC §8's text for a dashboard that could not be fetched. */
export const FETCH_FAILED = 'Failed to fetch dashboard data';

/** The payments list of the fees page, filtered: the rows behind a money figure. */
export function paymentsLink(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams({ tab: 'payments' });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/fees?${params}`;
}

/** A month's first and last day, for the payments list of that month. */
function monthRange(month: string) {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(days).padStart(2, '0')}` };
}

export const trendRows = (trend: readonly MonthCollected[]): ChartRow[] =>
  trend.map((point) => ({
    label: formatMonth(point.month),
    value: koboToNaira(point.amount),
    to: paymentsLink({ pstatus: 'success', ...monthRange(point.month) }),
  }));

export const methodRows = (shares: readonly MethodShare[]): ChartRow[] =>
  shares.map((share) => ({
    label: PAYMENT_METHOD_LABELS[share.method],
    value: koboToNaira(share.totalAmount),
    to: paymentsLink({ pstatus: 'success', method: share.method }),
  }));

/** The fees page's outstanding tab for a school's term (it lists nothing until a school is chosen). */
export function outstandingLink(schoolId: string | null, termId?: string | null): string {
  const params = new URLSearchParams({ tab: 'outstanding' });
  if (schoolId) params.set('school', schoolId);
  if (schoolId && termId) params.set('term', termId);
  return `/fees?${params}`;
}

/** "1 payment", "2,140 payments". */
export const countOf = (count: number, noun: string) =>
  `${count.toLocaleString('en-NG')} ${noun}${count === 1 ? '' : 's'}`;

/** The Reports screen opened on the Income and expenditure statement, for a school's term where one is given. */
export function incomeExpenditureLink(schoolId?: string | null, termId?: string | null): string {
  const params = new URLSearchParams({ report: 'income_expenditure' });
  if (schoolId) params.set('school', schoolId);
  if (schoolId && termId) params.set('term', termId);
  return `/reports?${params}`;
}
