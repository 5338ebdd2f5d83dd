import { bankStatementLineSchema, rejectBankLineInputSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { bankStatementKeys } from './keys';

export interface RejectLine {
  lineId: string;
  input: z.input<typeof rejectBankLineInputSchema>;
}

/** POST /bank-statements/lines/{id}/reject: none of the candidates; the line moves to Unmatched with the reason as its note. */
export async function rejectLine({ lineId, input }: RejectLine) {
  const body = rejectBankLineInputSchema.parse(input);
  const data = await api.post(`/bank-statements/lines/${lineId}/reject`, body.reason ? { reason: body.reason } : {}, {
    silent: true,
  });
  return bankStatementLineSchema.parse(data);
}

export function useRejectLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectLine,
    onSuccess: () => {
      notify.success('Line moved to Unmatched');
      return queryClient.invalidateQueries({ queryKey: bankStatementKeys.all });
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'The line could not be moved. Please try again.'));
      return queryClient.invalidateQueries({ queryKey: bankStatementKeys.all });
    },
  });
}
