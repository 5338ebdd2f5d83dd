import { type MessageChannel, myPhoneSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { CHANNEL_LABELS } from '@/lib/message-channels';
import { notify } from '@/lib/notify';
import { myPhoneQueryKey } from './get-my-phone';

/** DELETE /me/consents/{channel}: no more messages on that channel. */
export async function withdrawConsent(channel: MessageChannel) {
  return myPhoneSchema.parse(await api.delete(`/me/consents/${channel}`, { silent: true }));
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawConsent,
    onSuccess: (phone, channel) => {
      queryClient.setQueryData(myPhoneQueryKey, phone);
      notify.success(`${CHANNEL_LABELS[channel]} messages turned off`);
    },
    onError: (error, channel) =>
      notify.error(
        errorMessage(error, `${CHANNEL_LABELS[channel]} messages could not be turned off. Please try again.`),
      ),
  });
}
