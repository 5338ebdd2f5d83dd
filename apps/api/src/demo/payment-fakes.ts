import { startFlutterwaveFake, startPaystackFake } from '@schoolledger/provider-fakes';
import type { AppConfig } from '../config.js';
import { DEMO_PROVIDER_KEYS } from '../seed/payments.js';

/**
 * The local Paystack and Flutterwave the demo pays through, on loopback ports the browser can
 * open. Returns the configuration pointed at them (the app-wide accounts become the demo keys,
 * for demo data loaded before schools had payment profiles).
 */
export async function startDemoPaymentFakes(config: AppConfig) {
  const { paystack, flutterwave } = DEMO_PROVIDER_KEYS;
  // Paystack takes days over a refund; the demo shows it pending for a minute, then processed.
  const paystackFake = await startPaystackFake({ secretKey: paystack.secretKey, processRefundsAfterMs: 60_000 });
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
    } satisfies AppConfig,
    urls: { paystack: paystackFake.url, flutterwave: flutterwaveFake.url },
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
