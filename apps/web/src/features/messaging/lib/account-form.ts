import type { MessagingAccount, MessagingAccountInput, SavedSecret } from '@schoolledger/domain';

/** The write-only secrets of a group's own accounts, as the form and the API name them. */
export const ACCOUNT_SECRETS = ['termiiApiKey', 'termiiSecretKey', 'whatsappToken', 'whatsappAppSecret'] as const;
export type AccountSecret = (typeof ACCOUNT_SECRETS)[number];

export interface AccountFormValues {
  termiiApiKey: string;
  termiiSecretKey: string;
  termiiSenderId: string;
  whatsappToken: string;
  whatsappPhoneNumberId: string;
  whatsappAppSecret: string;
  /** Saved secrets to remove on save. */
  remove: Record<AccountSecret, boolean>;
}

export const ACCOUNT_FIELDS = [...ACCOUNT_SECRETS, 'termiiSenderId', 'whatsappPhoneNumberId'] as const;

/** The saved account as the form starts: secrets are never sent back, so their inputs start empty. */
export function toAccountFormValues(saved: MessagingAccount): AccountFormValues {
  return {
    termiiApiKey: '',
    termiiSecretKey: '',
    termiiSenderId: saved.termiiSenderId ?? '',
    whatsappToken: '',
    whatsappPhoneNumberId: saved.whatsappPhoneNumberId ?? '',
    whatsappAppSecret: '',
    remove: { termiiApiKey: false, termiiSecretKey: false, whatsappToken: false, whatsappAppSecret: false },
  };
}

/**
 * The PUT body: a secret typed replaces the saved one, one marked for removal is sent as null,
 * an empty one is left out (the saved one stays). Plain fields are sent as they are; empty clears.
 */
export function toAccountInput(values: AccountFormValues): MessagingAccountInput {
  const input: MessagingAccountInput = {
    termiiSenderId: values.termiiSenderId.trim(),
    whatsappPhoneNumberId: values.whatsappPhoneNumberId.trim(),
  };
  for (const secret of ACCOUNT_SECRETS) {
    const typed = values[secret].trim();
    if (values.remove[secret]) input[secret] = null;
    else if (typed) input[secret] = typed;
  }
  return input;
}

/** What the input of a saved secret says in place of it: never the secret, at most its last 4 characters. */
export function savedSecretLabel(secret: SavedSecret): string | null {
  if (!secret.set) return null;
  return secret.last4 ? `saved, ending ${secret.last4}` : 'saved';
}
