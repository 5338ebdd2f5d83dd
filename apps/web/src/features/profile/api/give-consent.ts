import { type MessageChannel, myPhoneSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHANNEL_LABELS } from '@/lib/message-channels';
import { notify } from '@/lib/notify';
import { myPhoneQueryKey } from './get-my-phone';

export interface GiveConsent {
  channel: MessageChannel;
  /** The sentence shown to the person, word for word: the server keeps it with their consent. */
  wording: string;
}

/** POST /me/consents: the person agrees to messages on one channel. */
export async function giveConsent(input: GiveConsent) {
  return myPhoneSchema.parse(await api.post('/me/consents', input, { silent: true }));
}

/** Silent: a refusal (the wording changed meanwhile, say) is said beside the channel's button. */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveConsent,
    onSuccess: (phone, { channel }) => {
      queryClient.setQueryData(myPhoneQueryKey, phone);
      notify.success(`${CHANNEL_LABELS[channel]} messages turned on`);
    },
    // What the person was shown may be out of date: show what is true now.
    onError: () => queryClient.invalidateQueries({ queryKey: myPhoneQueryKey }),
  });
}
