/**
 * Local Paystack and Flutterwave (payments), and Termii, Africa's Talking (SMS) and the WhatsApp
 * Business Cloud API (messaging), that speak their HTTP APIs and sign what they send (Africa's
 * Talking, like the real one, signs nothing), for the API's tests, the demo and the bench; plus
 * the demo's phone inbox, where the messages they deliver can be read and answered. They know
 * nothing of SchoolLedger: the app reaches them through its provider base URLs and they reach the
 * app only through the webhook URL they are given.
 */

export {
  AFRICASTALKING_INVALID_AUTH,
  type AfricasTalkingCallbackDelivery,
  type AfricasTalkingFake,
  type AfricasTalkingFakeOptions,
  type AfricasTalkingNumberTraits,
  type AfricasTalkingReportStatus,
  type FakeAfricasTalkingInbound,
  type FakeAfricasTalkingSms,
  startAfricasTalkingFake,
} from './africastalking/fake.js';
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
export {
  type PhoneInbox,
  type PhoneInboxOptions,
  type PhoneInboxTermii,
  type PhoneInboxWhatsApp,
  startPhoneInbox,
} from './phone-inbox.js';
export {
  type FakeSms,
  type FakeSmsReply,
  startTermiiFake,
  type TermiiChannel,
  type TermiiFake,
  type TermiiFakeOptions,
  type TermiiNetwork,
  type TermiiNumberTraits,
  type TermiiReportStatus,
  type TermiiWebhookDelivery,
} from './termii/fake.js';
export {
  DEFAULT_WHATSAPP_TEMPLATES,
  type FakeWhatsAppMessage,
  type FakeWhatsAppReply,
  startWhatsAppFake,
  type WhatsAppFake,
  type WhatsAppFakeOptions,
  type WhatsAppNumberTraits,
  type WhatsAppPricing,
  type WhatsAppStatus,
  type WhatsAppStatusError,
  type WhatsAppTemplate,
  type WhatsAppTemplateCategory,
  type WhatsAppWebhookDelivery,
} from './whatsapp/fake.js';
