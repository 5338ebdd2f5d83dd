import { type RestoredDedicatedAccount, startFlutterwaveFake, startPaystackFake } from '@schoolledger/provider-fakes';
import type { AppConfig } from '../config.js';
import { DEMO_GROUP_NAME } from '../seed/demo.js';
import { DEMO_PROVIDER_KEYS } from '../seed/payments.js';

/**
 * The local Paystack and Flutterwave the demo pays through, on loopback ports the browser can
 * open. Returns the configuration pointed at them (the app-wide accounts become the demo keys,
 * for demo data loaded before schools had payment profiles).
 */
export async function startDemoPaymentFakes(config: AppConfig) {
  const { paystack, flutterwave } = DEMO_PROVIDER_KEYS;
  // Paystack takes days over a refund; the demo shows it pending for a minute, then processed.
  // The demo's schools share one Paystack business, the group's: its name opens every account name.
  const paystackFake = await startPaystackFake({
    secretKey: paystack.secretKey,
    processRefundsAfterMs: 60_000,
    businessName: DEMO_GROUP_NAME,
  });
  const flutterwaveFake = await startFlutterwaveFake({
    secretKey: flutterwave.secretKey,
    secretHash: flutterwave.secretHash,
  });
  return {
    config: {
      ...config,
      paystack: { baseUrl: paystackFake.url, secretKey: paystack.secretKey },
      flutterwave: {
        baseUrl: flutterwaveFake.baseUrl,
        secretKey: flutterwave.secretKey,
        secretHash: flutterwave.secretHash,
      },
      demoBankUrl: paystackFake.url,
    } satisfies AppConfig,
    urls: { paystack: paystackFake.url, flutterwave: flutterwaveFake.url },
    /** Tells the local Paystack of an account opened before it last started. */
    restoreAccount(record: RestoredDedicatedAccount) {
      paystackFake.restoreDedicatedAccount(record);
    },
    /** Once the app listens: where the fakes deliver their webhooks. */
    connect(apiBase: string) {
      paystackFake.setWebhookUrl(`${apiBase}/api/v1/payment/paystack/webhook`);
      flutterwaveFake.setWebhookUrl(`${apiBase}/api/v1/payment/flutterwave/webhook`);
    },
    async close() {
      await Promise.all([paystackFake.close(), flutterwaveFake.close()]);
    },
  };
}
