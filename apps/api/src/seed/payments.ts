import type { DbOrTx } from '../db/client.js';
import { paymentProfiles } from '../db/schema.js';
import { encryptSecret } from '../lib/secrets.js';

/**
 * The test keys of the demo's provider accounts. They only open the local fakes the server runs
 * with the demo data; real Paystack and Flutterwave reject them.
 */
export const DEMO_PROVIDER_KEYS = {
  paystack: { publicKey: 'pk_test_crestviewdemo0000000000000001', secretKey: 'sk_test_crestviewdemo0000000000000001' },
  flutterwave: {
    publicKey: 'FLWPUBK_TEST-crestviewdemo00000000000001-X',
    secretKey: 'FLWSECK_TEST-crestviewdemo00000000000001-X',
    secretHash: 'crestview-demo-webhook-hash',
  },
} as const;

const BANK_ACCOUNTS = [
  { accountNo: '1013527846', accountName: 'Crestview College Ikeja', bankName: 'Zenith Bank' },
  { accountNo: '0247193658', accountName: 'Crestview College Wuse', bankName: 'Guaranty Trust Bank' },
];

/**
 * Every demo school takes Paystack, Flutterwave, bank transfer and cash, with installments from
 * ₦5,000. With `ownKeys` the schools hold the demo test keys (encrypted like any saved key);
 * without, they use the app-wide accounts from the configuration.
 */
export async function seedDemoPaymentProfiles(
  tx: DbOrTx,
  schoolIds: string[],
  options: { encryptionKey: Uint8Array; ownKeys: boolean },
) {
  const { paystack, flutterwave } = DEMO_PROVIDER_KEYS;
  const secret = (value: string) => (options.ownKeys ? encryptSecret(value, options.encryptionKey) : null);
  await tx.insert(paymentProfiles).values(
    schoolIds.map((schoolId, index) => ({
      schoolId,
      psPublicKey: options.ownKeys ? paystack.publicKey : null,
      psSecretKeyEnc: secret(paystack.secretKey),
      activatePs: true,
      fwPublicKey: options.ownKeys ? flutterwave.publicKey : null,
      fwSecretKeyEnc: secret(flutterwave.secretKey),
      fwSecretHashEnc: secret(flutterwave.secretHash),
      activateFw: true,
      activateBankTransfer: true,
      activateCash: true,
      ...BANK_ACCOUNTS[index % BANK_ACCOUNTS.length]!,
      defaultPaymentMethod: 'paystack' as const,
      enableInstallments: true,
      minimumInstallmentKobo: 500_000n,
    })),
  );
}
