import type { AccountListQuery } from './get-accounts';
import type { CreditListQuery } from './get-credits';

/** Query keys of the virtual accounts screen; `all` is the prefix an action refreshes. */
export const virtualAccountKeys = {
  all: ['virtualAccounts'] as const,
  settings: (schoolId: string) => [...virtualAccountKeys.all, 'settings', schoolId] as const,
  allAccounts: () => [...virtualAccountKeys.all, 'accounts'] as const,
  accounts: (query: AccountListQuery) => [...virtualAccountKeys.allAccounts(), query] as const,
  allCredits: () => [...virtualAccountKeys.all, 'credits'] as const,
  credits: (query: CreditListQuery) => [...virtualAccountKeys.allCredits(), query] as const,
};
