/**
 * Local Paystack and Flutterwave that speak their HTTP APIs, for the API's tests, the demo and
 * the bench. They know nothing of SchoolLedger: the app reaches them through its provider base
 * URLs and they reach the app only through the webhook URL they are given.
 */
export {
  type FlutterwaveFake,
  type FlutterwaveFakeOptions,
  type FlutterwaveSignatureStyle,
  type FlutterwaveWebhookDelivery,
  startFlutterwaveFake,
} from './flutterwave/fake.js';
export type { FakeVirtualAccount, VirtualTransferInput } from './flutterwave/virtual-accounts.js';
export type {
  RestoredDedicatedAccount,
  TransferInput as DedicatedTransferInput,
} from './paystack/dedicated-accounts.js';
export {
  type PaystackFake,
  type PaystackFakeOptions,
  type PaystackFault,
  type RefundOutcome,
  startPaystackFake,
  type WebhookDelivery,
} from './paystack/fake.js';
