import { bankStatementLineSchema, type ConfirmBankLineInput, confirmBankLineInputSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { creditedText } from '../lib/texts';
import { bankStatementKeys } from './keys';

export interface ConfirmLine {
  lineId: string;
  input: ConfirmBankLineInput;
}

/** POST /bank-statements/lines/{id}/confirm: the line pays a claim (`claim_id`) or a student's fees (`student_id`). */
export async function confirmLine({ lineId, input }: ConfirmLine) {
  const data = await api.post(`/bank-statements/lines/${lineId}/confirm`, z.encode(confirmBankLineInputSchema, input), {
    silent: true,
  });
  return bankStatementLineSchema.parse(data);
}

/**
 * Silent request, so the toast carries the server's own reason for a refusal (a 409: the claim was
 * confirmed meanwhile, the line was already credited). Either way the lists are asked again.
 */
export function useConfirmLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLine,
    onSuccess: (line) => {
      notify.success(creditedText(line));
      // Money moved: what is owed, paid and collected is stale on every screen, not only this one.
      return queryClient.invalidateQueries();
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'The line could not be credited. Please try again.'));
      return queryClient.invalidateQueries({ queryKey: bankStatementKeys.all });
    },
  });
}
