import { myPhoneSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The profile's key for GET /me/phone, so both read and refresh the one answer. */
const myPhoneQueryKey = ['me', 'phone'] as const;

/** GET /me/phone: whether the person confirmed their number and which channels they agreed to. */
export async function getMyPhone(signal?: AbortSignal) {
  return myPhoneSchema.parse(await api.get('/me/phone', { signal, silent: true }));
}

export function useMyPhone() {
  return useQuery({ queryKey: myPhoneQueryKey, queryFn: ({ signal }) => getMyPhone(signal) });
}
