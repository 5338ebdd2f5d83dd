import { outboxEntrySchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { emailKeys } from './keys';

/** The newest emails of the caller's schools, with their text: kept here to read when no SMTP server is set. */
export async function getOutbox(signal?: AbortSignal) {
  return z
    .array(outboxEntrySchema)
    .parse(await api.get('/email/outbox', { query: { limit: 50 }, signal, silent: true }));
}

export function useOutbox(enabled: boolean) {
  return useQuery({ queryKey: emailKeys.outbox(), queryFn: ({ signal }) => getOutbox(signal), enabled });
}
