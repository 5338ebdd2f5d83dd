import type { MessagingAccount } from '@schoolledger/domain';
import { messagingAccountInputSchema } from '@schoolledger/domain';
import { describe, expect, it } from 'vitest';
import { savedSecretLabel, toAccountFormValues, toAccountInput } from '@/features/messaging/lib/account-form';

const saved: MessagingAccount = {
  groupSchoolId: '00000000-0000-4000-8000-000000000001',
  termiiApiKey: { set: true, last4: '1a2b' },
  termiiSecretKey: { set: true, last4: null },
  termiiSenderId: 'CRESTVIEW',
  whatsappToken: { set: false, last4: null },
  whatsappPhoneNumberId: null,
  whatsappAppSecret: { set: false, last4: null },
  ownAccount: { sms: true, whatsapp: false },
  updatedAt: '2026-05-01T10:00:00.000Z',
};

describe('the own accounts form', () => {
  it('starts with every secret empty, whatever is saved, and the plain fields as saved', () => {
    const values = toAccountFormValues(saved);
    expect(values).toMatchObject({ termiiApiKey: '', termiiSecretKey: '', termiiSenderId: 'CRESTVIEW' });
    expect(values.whatsappPhoneNumberId).toBe('');
  });

  it('keeps a saved secret left empty, replaces one typed, and removes one marked', () => {
    const values = {
      ...toAccountFormValues(saved),
      whatsappToken: ' new-token ',
      remove: { termiiApiKey: true, termiiSecretKey: true, whatsappToken: false, whatsappAppSecret: false },
    };
    const input = toAccountInput(values);
    expect(input).toEqual({
      termiiApiKey: null,
      termiiSecretKey: null,
      termiiSenderId: 'CRESTVIEW',
      whatsappToken: 'new-token',
      whatsappPhoneNumberId: '',
    });
    expect('whatsappAppSecret' in input).toBe(false);
    expect(messagingAccountInputSchema.safeParse(input).success).toBe(true);
  });

  it('shows a saved secret by its last 4 characters at most', () => {
    expect(savedSecretLabel(saved.termiiApiKey)).toBe('saved, ending 1a2b');
    expect(savedSecretLabel(saved.termiiSecretKey)).toBe('saved');
    expect(savedSecretLabel(saved.whatsappToken)).toBeNull();
  });
});
