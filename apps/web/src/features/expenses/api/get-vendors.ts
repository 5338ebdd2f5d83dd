import { vendorListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expenseKeys } from './keys';

export interface VendorListQuery {
  search?: string | undefined;
  include_inactive?: 'true' | undefined;
}

/** The vendors of the caller's group, active ones only unless asked. */
export async function getVendors(query: VendorListQuery, signal?: AbortSignal) {
  return vendorListSchema.parse(await api.get('/vendors', { query: { ...query }, signal, silent: true })).vendors;
}

export function useVendors(query: VendorListQuery, enabled = true) {
  return useQuery({
    queryKey: expenseKeys.vendors(query),
    queryFn: ({ signal }) => getVendors(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
