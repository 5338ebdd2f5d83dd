import { emailConfigSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { emailKeys, groupQuery } from './keys';

/** The group's SMTP settings: the defaults with `configured: false` until saved; never the password. */
export async function getEmailConfig(group: string, signal?: AbortSignal) {
  return emailConfigSchema.parse(await api.get('/email/config', { query: groupQuery(group), signal, silent: true }));
}

export function useEmailConfig(group: string, enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.config(group),
    queryFn: ({ signal }) => getEmailConfig(group, signal),
    enabled,
    // The form starts from what is stored now, not from a copy another tab may have changed.
    staleTime: 0,
  });
}
