import {
  type ConsentMethod,
  ERROR_CODES,
  MESSAGE_CHANNELS,
  type MessageChannel,
  type MyPhone,
  type PhoneConsent,
} from '@schoolledger/domain';
import { ApiError } from '@/lib/api-client';
import { CHANNEL_LABELS } from '@/lib/message-channels';

/** The agreement in force on a channel: the newest one not withdrawn. */
export const consentInForce = (phone: Pick<MyPhone, 'consents'>, channel: MessageChannel): PhoneConsent | undefined =>
  phone.consents.find((consent) => consent.channel === channel && consent.withdrawnAt === null);

export interface ChannelRow {
  channel: MessageChannel;
  /** The server can send on it now. */
  available: boolean;
  consent: PhoneConsent | undefined;
}

/**
 * The channels the card offers, in the domain's order: those the server can send on, and any the
 * person is still on (so they can always turn it off, even while it cannot be sent on).
 */
export function channelRows(phone: Pick<MyPhone, 'channelsAvailable' | 'consents'>): ChannelRow[] {
  return MESSAGE_CHANNELS.map((channel) => ({
    channel,
    available: phone.channelsAvailable.includes(channel),
    consent: consentInForce(phone, channel),
  })).filter((row) => row.available || row.consent !== undefined);
}

export interface PendingCode {
  /** The number the code went to, as written in Nigeria. */
  phone: string;
  expiresAt: string;
  expired: boolean;
}

/** The code on its way to a number, if one was sent; `expired` once its time is past. */
export function pendingCode(phone: Pick<MyPhone, 'pendingPhone' | 'codeExpiresAt'>, now: number): PendingCode | null {
  if (phone.pendingPhone === null || phone.codeExpiresAt === null) return null;
  return {
    phone: phone.pendingPhone,
    expiresAt: phone.codeExpiresAt,
    expired: Date.parse(phone.codeExpiresAt) <= now,
  };
}

export const turnOnLabel = (channel: MessageChannel) => `Agree and turn on ${CHANNEL_LABELS[channel]}`;

const METHODS: Record<ConsentMethod, string> = {
  web: 'on the web',
  in_person: 'in person',
  paper: 'on paper',
};

/** "Agreed on the web", or "Agreed on paper, recorded by Adaeze Eze". */
export function agreementText(consent: Pick<PhoneConsent, 'method' | 'recordedBy'>): string {
  const recorded = consent.recordedBy ? `, recorded by ${consent.recordedBy.name}` : '';
  return `Agreed ${METHODS[consent.method]}${recorded}`;
}

/** Asked for codes too often: the server's own words, or ours. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 429 || error.code === ERROR_CODES.rateLimited);
}

export const RATE_LIMITED_TEXT = 'Too many codes were asked for. Please wait a few minutes, then try again.';

/** The code typed is no longer waiting: a new one must be sent. */
export const isCodeExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ERROR_CODES.phoneCodeExpired;
