import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from '@schoolledger/domain';
import { useCallback } from 'react';
import { type UrlFilterOptions, useUrlFilters } from '@/lib/hooks/use-url-filters';

/** `disputed` is no payment status: it asks for the payments a payer disputed, whatever their status. */
export type PaymentStatusFilter = 'all' | PaymentStatus | 'disputed';

export const PAYMENT_STATUS_FILTERS: readonly (readonly [PaymentStatusFilter, string])[] = [
  ['all', 'All'],
  ['success', 'Completed'],
  ['pending', 'Pending'],
  ['failed', 'Failed'],
  ['review', 'Under review'],
  ['disputed', 'Disputed'],
];

export const PAYMENT_METHOD_FILTERS: readonly (readonly ['all' | PaymentMethod, string])[] = [
  ['all', 'All methods'],
  ...PAYMENT_METHODS.map((method) => [method, PAYMENT_METHOD_LABELS[method]] as const),
];

/**
 * The Payments tab's filters. School and term are the same address keys as the fee list's, so
 * the chosen school and term follow the user between tabs; the rest have keys of their own.
 */
export interface PaymentFilters {
  school: string;
  term: string;
  pstatus: PaymentStatusFilter;
  method: 'all' | PaymentMethod;
  q: string;
  from: string;
  to: string;
  ppage: number;
}

const DEFAULTS: PaymentFilters = {
  school: '',
  term: '',
  pstatus: 'all',
  method: 'all',
  q: '',
  from: '',
  to: '',
  ppage: 1,
};

const isDate = (raw: string) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

const OPTIONS: UrlFilterOptions<PaymentFilters> = {
  parse: {
    pstatus: (raw) =>
      raw === 'all' || raw === 'disputed' || PAYMENT_STATUSES.some((status) => status === raw)
        ? (raw as PaymentFilters['pstatus'])
        : undefined,
    method: (raw) =>
      raw === 'all' || PAYMENT_METHODS.some((method) => method === raw) ? (raw as PaymentFilters['method']) : undefined,
    from: isDate,
    to: isDate,
  },
  keepPage: ['pstatus', 'method', 'q', 'from', 'to', 'ppage'],
  dependents: { school: ['term'] },
};

export function usePaymentFilters() {
  const { filters, update } = useUrlFilters(DEFAULTS, OPTIONS);
  // Any other filter shows another list, which starts on its first page.
  const updatePayments = useCallback(
    (changes: Partial<PaymentFilters>) => update('ppage' in changes ? changes : { ...changes, ppage: 1 }),
    [update],
  );
  return { filters, update: updatePayments };
}
