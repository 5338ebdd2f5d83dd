import { AUDIT_MESSAGES, type FinancialAuditQuery, financialAuditSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastFailure } from '../lib/toast-failure';
import { auditQueryParams } from './get-audit-logs';
import { auditKeys } from './keys';

export async function getFinancialTransactions(query: FinancialAuditQuery, signal?: AbortSignal) {
  const read = api.get('/audit/financial/transactions', { query: auditQueryParams(query), signal, silent: true });
  return financialAuditSchema.parse(await toastFailure(read, AUDIT_MESSAGES.financialFailed, signal));
}

export function useFinancialTransactions(query: FinancialAuditQuery) {
  return useQuery({
    queryKey: auditKeys.financial(query),
    queryFn: ({ signal }) => getFinancialTransactions(query, signal),
    placeholderData: keepPreviousData,
  });
}
