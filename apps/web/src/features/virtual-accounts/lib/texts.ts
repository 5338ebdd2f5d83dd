import {
  DEFAULT_VIRTUAL_ACCOUNT_BANK,
  type OpenAllVirtualAccountsResult,
  type VirtualAccountCreditStatus,
} from '@schoolledger/domain';
import type { BadgeVariant } from '@/components/ui';

/** Who opens the school's new accounts. */
export const PROVIDER_CHOICES = [
  ['paystack', 'Paystack'],
  ['flutterwave', 'Flutterwave'],
] as const;

/** Which accounts the list shows. */
export const ACTIVE_FILTERS = [
  ['all', 'All accounts'],
  ['active', 'Active'],
  ['closed', 'Closed'],
] as const;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number][0];

export const parseActiveFilter = (raw: string): ActiveFilter | undefined =>
  ACTIVE_FILTERS.find(([value]) => value === raw)?.[0];

/** The arrivals' filter: every status, or one. */
export const CREDIT_STATUS_FILTERS = [
  ['all', 'All arrivals'],
  ['credited', 'Credited'],
  ['review', 'Needs review'],
  ['ignored', 'Ignored'],
] as const;
export type CreditStatusFilter = (typeof CREDIT_STATUS_FILTERS)[number][0];

export const parseCreditStatusFilter = (raw: string): CreditStatusFilter | undefined =>
  CREDIT_STATUS_FILTERS.find(([value]) => value === raw)?.[0];

export const CREDIT_STATUS_BADGES: Record<VirtualAccountCreditStatus, { label: string; variant: BadgeVariant }> = {
  credited: { label: 'Credited', variant: 'green' },
  review: { label: 'Review', variant: 'yellow' },
  ignored: { label: 'Ignored', variant: 'gray' },
};

/** The banks Paystack opens dedicated accounts on, as it names them. */
export const KNOWN_BANKS: readonly (readonly [string, string])[] = [
  [DEFAULT_VIRTUAL_ACCOUNT_BANK, 'Wema Bank'],
  ['titan-paystack', 'Titan Trust Bank'],
];

/** The bank choices, with the school's current one kept even when it is none of the known ones (`test-bank`). */
export function bankOptions(current: string): (readonly [string, string])[] {
  const known = KNOWN_BANKS.some(([slug]) => slug === current);
  return known || current === '' ? [...KNOWN_BANKS] : [...KNOWN_BANKS, [current, current]];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line saying what a batch of openings did. */
export function openAllSummary({ opened, failed, remaining }: OpenAllVirtualAccountsResult): string {
  const parts = [plural(opened, 'account opened', 'accounts opened')];
  if (failed > 0) parts.push(`${failed} failed`);
  parts.push(
    remaining === 0
      ? 'every family now has an account'
      : `${plural(remaining, 'family', 'families')} still without one`,
  );
  return `${parts.join(', ')}.`;
}

/** How many families one press of the button opens accounts for. */
export const OPEN_ALL_BATCH = 50;
