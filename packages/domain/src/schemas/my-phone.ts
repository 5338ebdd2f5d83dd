import { z } from 'zod';
import { MESSAGE_CHANNELS } from '../messaging.js';
import { timestampSchema } from './common.js';
import { outboxMessageSchema, phoneConsentSchema } from './messaging.js';

/** A person's phone for messages: the number, whether they confirmed it, and what they agreed to. */
export const myPhoneSchema = z.object({
  /** The number on their profile, as written in Nigeria; null when they have none. */
  phone: z.string().nullable(),
  verified: z.boolean(),
  /** Channels the server can send on now (its providers are configured). */
  channelsAvailable: z.array(z.enum(MESSAGE_CHANNELS)),
  /** The sentence they agree to on each channel, for their confirmed number; null until confirmed. */
  wording: z.object({ sms: z.string(), whatsapp: z.string() }).nullable(),
  /** Every agreement they gave, newest first; the ones in force have no `withdrawnAt`. */
  consents: z.array(phoneConsentSchema),
  /** A code is on its way to this number (display form) until `codeExpiresAt`. */
  pendingPhone: z.string().nullable(),
  codeExpiresAt: timestampSchema.nullable(),
  /** In the demo only: the local phone's page where this number's messages arrive. */
  demoInboxUrl: z.string().nullable(),
});
export type MyPhone = z.infer<typeof myPhoneSchema>;

/** A page of the outbox, newest first; pass `nextBefore` as `before` for the next. */
export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  nextBefore: timestampSchema.nullable(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
