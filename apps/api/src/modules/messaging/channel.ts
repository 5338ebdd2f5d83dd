import type { OutboxChannel } from '@schoolledger/domain';
import type { TemplateMessage } from './whatsapp-templates.js';

/** One message as a channel sends it. */
export interface OutgoingMessage {
  /** The outbox row's id; adapters that can, pass it to the provider to find the row again. */
  id: string;
  /** The number in international form (234…), or for an email the address. */
  to: string;
  /** The SMS text, the WhatsApp template's words, or the email's text. */
  body: string;
  /** WhatsApp: the approved template; the other channels have none. */
  template: TemplateMessage | null;
  /** The public link of the PDF a template's header carries. */
  documentUrl: string | null;
  /** SMS: the school's own approved sender ID; null: the server's (TERMII_SENDER_ID). */
  senderId: string | null;
  /** Email: its subject and HTML. */
  subject: string | null;
  html: string | null;
  /** Whose settings route it: an email goes through this school's group's own SMTP server, if it has one. */
  schoolId: string | null;
}

/** What a provider answered to a send: its id for the message, which its reports name. */
export interface Accepted {
  providerMessageId: string;
}

/**
 * A send the provider refused or could not take. `retryable`: the same message may go later
 * (a timeout, a rate limit, the provider's own fault); otherwise it never will as it is (a
 * refused key, a number the channel cannot reach), and `fallback` says whether another channel may.
 */
export class SendRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly retryable: boolean,
    readonly fallback = false,
  ) {
    super(message);
  }
}

/** A channel's one adapter: whether the server has its keys, and how it sends. */
export interface ChannelAdapter {
  channel: OutboxChannel;
  /** The provider's name as the outbox records it (its reports are matched by it and the message id). */
  provider: string;
  /** Without keys nothing is sent; messages wait in the outbox for them. */
  configured: boolean;
  /** Messages per second the provider takes from one account. */
  ratePerSecond: number;
  send(message: OutgoingMessage): Promise<Accepted>;
}

const SEND_TIMEOUT_MS = 15_000;

/**
 * POSTs a body to a provider with a timeout; a network failure or a timeout is a retryable
 * refusal. Answers the status, the JSON answer ({} when it is not JSON: a proxy's HTML error page,
 * a plain-text refusal) and the text as it came.
 */
export async function postToProvider(
  url: string,
  { body, contentType }: { body: string; contentType: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': contentType, accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new SendRefused(
      timedOut ? 'The provider did not answer in time' : 'The provider could not be reached',
      timedOut ? 'timeout' : 'unreachable',
      true,
    );
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status and the text say enough.
  }
  return { status: response.status, json, text };
}

/** POSTs JSON to a provider (postToProvider). */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  postToProvider(url, { body: JSON.stringify(body), contentType: 'application/json' }, headers);

/** A 429 or a provider's own fault may pass; other refusals will not. */
export const retryableStatus = (status: number) => status === 429 || status >= 500;
