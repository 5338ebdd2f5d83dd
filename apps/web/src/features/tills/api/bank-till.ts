import { tillBankInputSchema, tillSessionSchema } from '@schoolledger/domain';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { TILL_MESSAGES } from '../lib/messages';
import { useTillMutation } from './mutation';

export async function bankTill({ id, input }: { id: string; input: z.output<typeof tillBankInputSchema> }) {
  return tillSessionSchema.parse(
    await api.post(`/tills/${id}/bank`, z.encode(tillBankInputSchema, input), { silent: true }),
  );
}

export function useBankTill() {
  return useTillMutation({ mutationFn: bankTill, success: TILL_MESSAGES.banked, failure: TILL_MESSAGES.bankFailed });
}
