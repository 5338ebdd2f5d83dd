import { type MessagingAccountInput, messagingAccountSchema } from '@schoolledger/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { messagingKeys } from './keys';

const groupQuery = (groupSchoolId: string) => `/messaging/account?group_school_id=${encodeURIComponent(groupSchoolId)}`;

/** GET /messaging/account: the group's own Termii and WhatsApp accounts, secrets only as whether they are saved. */
export async function getMessagingAccount(groupSchoolId: string, signal?: AbortSignal) {
  const data = await api.get(groupQuery(groupSchoolId), { signal, silent: true });
  return messagingAccountSchema.parse(data);
}

export function useMessagingAccount(groupSchoolId: string) {
  return useQuery({
    queryKey: messagingKeys.account(groupSchoolId),
    queryFn: ({ signal }) => getMessagingAccount(groupSchoolId, signal),
    enabled: groupSchoolId !== '',
  });
}

export interface SaveMessagingAccount {
  groupSchoolId: string;
  input: MessagingAccountInput;
}

export async function saveMessagingAccount({ groupSchoolId, input }: SaveMessagingAccount) {
  const data = await api.put(groupQuery(groupSchoolId), input, { silent: true });
  return messagingAccountSchema.parse(data);
}

/** Silent: the card puts the server's field errors under their fields. */
export function useSaveMessagingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessagingAccount,
    onSuccess: (saved, { groupSchoolId }) => {
      queryClient.setQueryData(messagingKeys.account(groupSchoolId), saved);
      notify.success('Your own accounts are saved');
    },
  });
}
