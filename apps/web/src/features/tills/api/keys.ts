import type { TillCashUpQuery, TillListQuery, TillVoidListQuery } from '@schoolledger/domain';

/** Query keys of the cash tills; every till change refreshes everything under `all`. */
export const tillKeys = {
  all: ['tills'] as const,
  list: (query: TillListQuery) => [...tillKeys.all, 'list', query] as const,
  report: (id: string) => [...tillKeys.all, 'report', id] as const,
  cashUp: (query: TillCashUpQuery) => [...tillKeys.all, 'cash-up', query] as const,
  voids: (query: TillVoidListQuery) => [...tillKeys.all, 'voids', query] as const,
};
