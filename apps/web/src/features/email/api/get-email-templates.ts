import { emailTemplateSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { emailKeys, groupQuery } from './keys';

export async function getEmailTemplates(group: string, signal?: AbortSignal) {
  return z
    .array(emailTemplateSchema)
    .parse(await api.get('/email/templates', { query: groupQuery(group), signal, silent: true }));
}

export function useEmailTemplates(group: string, enabled: boolean) {
  return useQuery({
    queryKey: emailKeys.templates(group),
    queryFn: ({ signal }) => getEmailTemplates(group, signal),
    enabled,
  });
}
