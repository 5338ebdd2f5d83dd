import { myPhoneSchema } from '@schoolledger/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const myPhoneQueryKey = ['me', 'phone'] as const;

/** GET /me/phone: the signed-in person's number, whether it is confirmed, and what they agreed to. */
export async function getMyPhone(signal?: AbortSignal) {
  return myPhoneSchema.parse(await api.get('/me/phone', { signal, silent: true }));
}

export const myPhoneQueryOptions = () =>
  queryOptions({ queryKey: myPhoneQueryKey, queryFn: ({ signal }) => getMyPhone(signal) });

export function useMyPhone() {
  return useQuery(myPhoneQueryOptions());
}
