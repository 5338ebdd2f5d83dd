/**
 * A local WhatsApp Business Cloud API (Meta's Graph API) for tests, the demo and the bench: the
 * same send path, bodies, answers, Graph error envelopes and signed status webhooks as
 * graph.facebook.com (../shared/research/bank-and-messaging.md §C2), on its own Fastify instance
 * on a loopback port. State is in memory. Test-only controls live under /__fake/* and never on a
 * real path.
 *
 * What it plays: approved templates and their parameter counts, the webhook verification
 * handshake, `sent` → `delivered` → `read`, numbers not on WhatsApp (131026), free-form text
 * outside the 24-hour customer-service window (131047), per-message pricing, a throughput limit,
 * and webhook retries.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { fakeServer, inFlight, listen, postWithRetries, sleep } from '../http.js';

export type WhatsAppTemplateCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION';

/** An approved message template. */
export interface WhatsAppTemplate {
  name: string;
  /** Its language code, e.g. `en`. */
  language: string;
  category: WhatsAppTemplateCategory;
  /** How many `{{n}}` parameters its body takes. */
  bodyParams: number;
  /** Whether its header is a document (a PDF receipt, say), given per message. */
  headerDocument?: boolean;
  /** Its body text with `{{1}}`…; how the message reads on the phone. */
  body?: string;
}

/** How a WhatsApp user behaves; set with setNumber, else on WhatsApp with read receipts on. */
export interface WhatsAppNumberTraits {
  /** False: the number has no WhatsApp account; messages fail with 131026. */
  onWhatsApp?: boolean;
  /** False: read receipts are off; no `read` status comes. */
  readsMessages?: boolean;
  /** The profile name an inbound message carries. */
  name?: string;
}

export type WhatsAppStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

export interface WhatsAppPricing {
  billable: boolean;
  pricing_model: 'PMP';
  /** `regular`, or `free_customer_service` inside an open 24-hour window. */
  type: 'regular' | 'free_customer_service';
  category: 'utility' | 'marketing' | 'authentication' | 'service';
}

export interface WhatsAppStatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
}

export interface FakeWhatsAppMessage {
  /** The wamid the send answered; status webhooks carry it as `id`. */
  id: string;
  /** The wa_id (digits, `234…`). */
  to: string;
  type: 'template' | 'text';
  template?: {
    name: string;
    language: string;
    category: WhatsAppTemplateCategory;
    /** The body parameters' texts, in order. */
    params: string[];
    headerDocument?: { link: string; filename?: string };
  };
  /** A text message's body. */
  text?: string;
  /** The sender's own reference (`biz_opaque_callback_data`), which Meta repeats in the message's status webhooks. */
  opaque?: string;
  /** What the person reads: the template body with its parameters filled in, or the text. */
  preview: string;
  /** ISO moment of the send (the fake's clock). */
  sentAt: string;
  /** The last status reported (`accepted` until the first webhook). */
  status: WhatsAppStatus;
  history: { status: WhatsAppStatus; at: string }[];
  error?: WhatsAppStatusError;
  pricing: WhatsAppPricing | null;
}

/** A message a WhatsApp user sent the business (POST /__fake/reply). */
export interface FakeWhatsAppReply {
  id: string;
  from: string;
  name: string;
  text: string;
  receivedAt: string;
}

/** One webhook POST, after its retries. */
export interface WhatsAppWebhookDelivery {
  kind: 'status' | 'message';
  /** The wamid the status is about, or the inbound message's wamid. */
  messageId: string;
  phone: string;
  status: WhatsAppStatus | 'inbound';
  httpStatus: number | null;
  attempts: number;
  error?: string;
  /** The exact body sent and signed. */
  body: string;
}

export interface WhatsAppFakeOptions {
  /** The (system-user) access token a send must carry as `Authorization: Bearer …`. */
  token: string;
  /** Signs what the fake POSTs: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(appSecret, raw body)>`. */
  appSecret: string;
  /** What the verification handshake sends as hub.verify_token; `local-verify-token` unless given. */
  verifyToken?: string;
  /** The business phone number's id, the path segment of sends. */
  phoneNumberId: string;
  /** The business number as webhooks show it (digits); `15550001234` unless given. */
  displayPhoneNumber?: string;
  /** The WhatsApp Business Account id, `entry[].id` of webhooks. */
  wabaId?: string;
  /** The business's verified name (GET /:version/:phoneNumberId). */
  verifiedName?: string;
  /** Approved templates; fee_receipt, fee_reminder, transfer_confirmed and phone_code unless given. */
  templates?: WhatsAppTemplate[];
  /**
   * Where webhooks are POSTed. Given here, the verification handshake is done before the fake
   * answers (startWhatsAppFake rejects when it fails); or set later with setWebhookUrl.
   */
  webhookUrl?: string;
  /** How long after a send (and between two statuses) a status webhook goes out; 50 ms unless given. */
  eventDelayMs?: number;
  /** Send requests per second before 130429; 80 (Cloud API's default throughput) unless given. */
  ratePerSecond?: number;
  /** Waits before each retry of a webhook POST that failed; [100, 400, 1600] ms unless given. */
  retryDelaysMs?: number[];
  /** The fake's clock (timestamps, the 24-hour window); the real one unless given. */
  now?: () => Date;
  host?: string;
  port?: number;
}

export const DEFAULT_WHATSAPP_TEMPLATES: readonly WhatsAppTemplate[] = [
  {
    name: 'fee_receipt',
    language: 'en',
    category: 'UTILITY',
    bodyParams: 3,
    headerDocument: true,
    body: 'Payment received: {{1}} for {{2}}. Your receipt {{3}} is attached.',
  },
  {
    name: 'fee_reminder',
    language: 'en',
    category: 'UTILITY',
    bodyParams: 3,
    body: 'Reminder: {{1}} is due for {{2}} by {{3}}.',
  },
  {
    name: 'transfer_confirmed',
    language: 'en',
    category: 'UTILITY',
    bodyParams: 3,
    body: 'Your transfer of {{1}} from {{2}} was confirmed on {{3}}.',
  },
  {
    name: 'phone_code',
    language: 'en',
    category: 'AUTHENTICATION',
    bodyParams: 1,
    body: '{{1}} is your verification code. For your security, do not share this code.',
  },
];

const WINDOW_MS = 24 * 3_600_000;
const unixSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
const fbtraceId = () => `A${randomBytes(16).toString('base64').replace(/[+/=]/g, '').slice(0, 22)}`;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A template's body with its parameters in place: how the message reads. */
export function renderTemplate(template: Pick<WhatsAppTemplate, 'name' | 'body'>, params: readonly string[]) {
  if (!template.body) return `${template.name}: ${params.join(' · ')}`;
  return template.body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

export async function startWhatsAppFake(options: WhatsAppFakeOptions) {
  const app = fakeServer();
  const pending = inFlight();
  const templates = options.templates ?? DEFAULT_WHATSAPP_TEMPLATES.map((template) => ({ ...template }));
  const verifyToken = options.verifyToken ?? 'local-verify-token';
  const displayPhoneNumber = options.displayPhoneNumber ?? '15550001234';
  const wabaId = options.wabaId ?? '102290129340398';
  const eventDelayMs = options.eventDelayMs ?? 50;
  const ratePerSecond = options.ratePerSecond ?? 80;
  const retryDelaysMs = options.retryDelaysMs ?? [100, 400, 1600];
  let now = options.now ?? (() => new Date());
  let webhookUrl: string | undefined;
  const sent: FakeWhatsAppMessage[] = [];
  const replies: FakeWhatsAppReply[] = [];
  const deliveries: WhatsAppWebhookDelivery[] = [];
  const numbers = new Map<string, WhatsAppNumberTraits>();
  /** When each number last wrote to the business: its 24-hour customer-service window. */
  const lastInbound = new Map<string, number>();
  const hits: number[] = [];

  const waId = (phone: string) => phone.replace(/[\s()-]/g, '').replace(/^\+/, '');
  const traitsOf = (phone: string) => ({ onWhatsApp: true, readsMessages: true, ...numbers.get(phone) });
  const windowOpen = (phone: string) => {
    const last = lastInbound.get(phone);
    return last !== undefined && now().getTime() - last < WINDOW_MS;
  };
  const wamid = (phone: string) =>
    `wamid.${Buffer.concat([Buffer.from(`HBgN${phone}FQIAERgS`), randomBytes(12)]).toString('base64')}`;

  /** Graph's error envelope. */
  function graphError(
    code: number,
    message: string,
    extra: { type?: string; error_subcode?: number; details?: string } = {},
  ) {
    return {
      error: {
        message,
        type: extra.type ?? 'OAuthException',
        code,
        ...(extra.error_subcode === undefined ? {} : { error_subcode: extra.error_subcode }),
        ...(extra.details === undefined
          ? {}
          : { error_data: { messaging_product: 'whatsapp', details: extra.details } }),
        fbtrace_id: fbtraceId(),
      },
    };
  }

  /** Meta's handshake: GET the callback with a challenge; only an echo of it with 200 verifies the URL. */
  async function verify(target: string) {
    const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
    const address = new URL(target);
    address.searchParams.set('hub.mode', 'subscribe');
    address.searchParams.set('hub.verify_token', verifyToken);
    address.searchParams.set('hub.challenge', challenge);
    let answer: string;
    try {
      const response = await fetch(address, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
      const text = await response.text();
      if (response.status === 200 && text === challenge) return;
      answer = `answered ${response.status} with ${JSON.stringify(text.slice(0, 100))}`;
    } catch (error) {
      answer = `could not be reached (${String(error)})`;
    }
    throw new Error(
      `The callback URL or verify token couldn't be validated. Please verify the provided information or try again later. (GET ${target} ${answer}, not the challenge ${challenge})`,
    );
  }

  const signed = (body: string) => ({
    'content-type': 'application/json',
    'x-hub-signature-256': `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`,
    'x-hub-signature': `sha1=${createHmac('sha1', options.appSecret).update(body).digest('hex')}`,
  });

  /** POSTs `value` in Meta's envelope, signed, retrying a refusal or silence a few times; logs the outcome. */
  async function post(entry: Omit<WhatsAppWebhookDelivery, 'httpStatus' | 'attempts' | 'body'>, value: object) {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, changes: [{ value, field: 'messages' }] }],
    });
    const delivery: WhatsAppWebhookDelivery = {
      ...entry,
      body,
      ...(await postWithRetries({ url: webhookUrl, headers: signed(body), body, retryDelaysMs })),
    };
    deliveries.push(delivery);
    return delivery;
  }

  /** Meta keeps up to 512 characters of the sender's reference. */
  const opaqueOf = (body: Record<string, unknown>) =>
    typeof body.biz_opaque_callback_data === 'string' && body.biz_opaque_callback_data
      ? { opaque: body.biz_opaque_callback_data.slice(0, 512) }
      : {};

  const metadata = () => ({ display_phone_number: displayPhoneNumber, phone_number_id: options.phoneNumberId });

  function statusValue(message: FakeWhatsAppMessage, status: WhatsAppStatus, at: Date) {
    return {
      messaging_product: 'whatsapp',
      metadata: metadata(),
      statuses: [
        {
          id: message.id,
          status,
          timestamp: unixSeconds(at),
          recipient_id: message.to,
          ...(message.opaque ? { biz_opaque_callback_data: message.opaque } : {}),
          ...(status !== 'failed' && message.pricing ? { pricing: message.pricing } : {}),
          ...(status === 'failed' && message.error ? { errors: [message.error] } : {}),
        },
      ],
    };
  }

  /** The message's statuses, one after the other, each `eventDelayMs` after the last. */
  function schedule(message: FakeWhatsAppMessage, statuses: WhatsAppStatus[]) {
    pending.track(
      (async () => {
        for (const status of statuses) {
          await sleep(eventDelayMs);
          const at = now();
          message.status = status;
          message.history.push({ status, at: at.toISOString() });
          await post(
            { kind: 'status', messageId: message.id, phone: message.to, status },
            statusValue(message, status, at),
          );
        }
      })(),
    );
  }

  /** What happens to a message once accepted, and what it costs (per-message pricing since July 2025). */
  function outcome(message: FakeWhatsAppMessage): WhatsAppStatus[] {
    const traits = traitsOf(message.to);
    if (!traits.onWhatsApp) {
      message.error = {
        code: 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'Message Undeliverable.' },
      };
      return ['failed'];
    }
    const open = windowOpen(message.to);
    if (message.type === 'text') {
      if (!open) {
        message.error = {
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: {
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
        };
        return ['failed'];
      }
      message.pricing = { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };
    } else {
      const category = (message.template?.category ?? 'UTILITY').toLowerCase() as WhatsAppPricing['category'];
      // A utility template inside an open customer-service window is free; marketing and authentication never are.
      const free = category === 'utility' && open;
      message.pricing = {
        billable: !free,
        pricing_model: 'PMP',
        type: free ? 'free_customer_service' : 'regular',
        category,
      };
    }
    return traits.readsMessages ? ['sent', 'delivered', 'read'] : ['sent', 'delivered'];
  }

  /** A WhatsApp user writes to the business: a `messages` webhook; it opens their 24-hour window. */
  async function userReply(from: string, text: string, name?: string) {
    const phone = waId(from);
    const at = now();
    const inbound: FakeWhatsAppReply = {
      id: wamid(phone),
      from: phone,
      name: name ?? numbers.get(phone)?.name ?? 'WhatsApp user',
      text,
      receivedAt: at.toISOString(),
    };
    replies.push(inbound);
    lastInbound.set(phone, at.getTime());
    const value = {
      messaging_product: 'whatsapp',
      metadata: metadata(),
      contacts: [{ profile: { name: inbound.name }, wa_id: phone }],
      messages: [{ from: phone, id: inbound.id, timestamp: unixSeconds(at), type: 'text', text: { body: text } }],
    };
    const delivery = await pending.track(
      post({ kind: 'message', messageId: inbound.id, phone, status: 'inbound' }, value),
    );
    return { reply: inbound, delivery };
  }

  type Check = { ok: true } | { ok: false; status: number; body: unknown };
  const authorized = (header: string | undefined): Check => {
    if (!header) {
      return {
        ok: false,
        status: 401,
        body: graphError(104, 'An access token is required to request this resource.'),
      };
    }
    if (header !== `Bearer ${options.token}`) {
      return {
        ok: false,
        status: 401,
        body: graphError(190, 'Invalid OAuth access token - Cannot parse access token'),
      };
    }
    return { ok: true };
  };
  const knownVersion = (version: string) => /^v\d+\.\d+$/.test(version);
  const unknownObject = (id: string) =>
    graphError(
      100,
      `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      { type: 'GraphMethodException', error_subcode: 33 },
    );

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    async (request, reply) => {
      const { version, phoneNumberId } = request.params;
      if (!knownVersion(version)) {
        return reply.code(400).send(graphError(2500, `Unknown path components: /${version}/${phoneNumberId}/messages`));
      }
      const auth = authorized(request.headers.authorization);
      if (!auth.ok) return reply.code(auth.status).send(auth.body);
      if (phoneNumberId !== options.phoneNumberId) return reply.code(400).send(unknownObject(phoneNumberId));

      // Cloud API throughput: over `ratePerSecond` sends in a second, 130429 until it passes.
      const moment = Date.now();
      while (hits.length && (hits[0] ?? 0) <= moment - 1000) hits.shift();
      if (hits.length >= ratePerSecond) {
        return reply.code(429).send(
          graphError(130429, '(#130429) Rate limit hit', {
            details: 'Cloud API message throughput has been reached.',
          }),
        );
      }
      hits.push(moment);

      const body = isObject(request.body) ? request.body : {};
      const invalid = (code: number, message: string, details?: string, status = 400) =>
        reply.code(status).send(graphError(code, message, details === undefined ? {} : { details }));
      if (body.messaging_product !== 'whatsapp') {
        return invalid(100, '(#100) The parameter messaging_product is required.');
      }
      if (body.recipient_type !== undefined && body.recipient_type !== 'individual') {
        return invalid(
          100,
          `(#100) Param recipient_type must be one of {INDIVIDUAL, GROUP} - got "${String(body.recipient_type)}".`,
        );
      }
      if (typeof body.to !== 'string' || !body.to) return invalid(100, '(#100) The parameter to is required.');
      const to = waId(body.to);
      if (!/^[1-9]\d{7,14}$/.test(to)) {
        return invalid(
          131009,
          '(#131009) Parameter value is not valid',
          'The phone number is not a valid phone number.',
        );
      }
      const type = body.type ?? 'text';
      const at = now();
      let message: FakeWhatsAppMessage;

      if (type === 'template') {
        const template = isObject(body.template) ? body.template : null;
        const name = typeof template?.name === 'string' ? template.name : '';
        const language =
          isObject(template?.language) && typeof template.language.code === 'string' ? template.language.code : '';
        if (!template || !name) {
          return invalid(131008, '(#131008) Required parameter is missing', 'Parameter name is required.');
        }
        if (!language) {
          return invalid(131008, '(#131008) Required parameter is missing', 'Parameter language is required.');
        }
        const approved = templates.find((candidate) => candidate.name === name && candidate.language === language);
        if (!approved) {
          return invalid(
            132001,
            '(#132001) Template name does not exist in the translation',
            `template name (${name}) does not exist in ${language}`,
            404,
          );
        }
        const components = Array.isArray(template.components) ? template.components.filter(isObject) : [];
        const header = components.find((component) => component.type === 'header');
        const bodyComponent = components.find((component) => component.type === 'body');
        const headerParams = Array.isArray(header?.parameters) ? header.parameters : [];
        const bodyParams = Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters : [];

        let headerDocument: { link: string; filename?: string } | undefined;
        if (approved.headerDocument) {
          const first = headerParams[0];
          const document =
            isObject(first) && first.type === 'document' && isObject(first.document) ? first.document : null;
          if (!document) {
            return invalid(
              132012,
              '(#132012) Parameter format does not match format in the created template',
              `header: Format mismatch, expected DOCUMENT, received ${isObject(first) && typeof first.type === 'string' ? first.type.toUpperCase() : 'UNKNOWN'}`,
            );
          }
          if (typeof document.link !== 'string' || !/^https?:\/\//.test(document.link)) {
            return invalid(
              131008,
              '(#131008) Required parameter is missing',
              'Parameter link is required for document.',
            );
          }
          headerDocument = {
            link: document.link,
            ...(typeof document.filename === 'string' ? { filename: document.filename } : {}),
          };
        } else if (headerParams.length) {
          return invalid(
            132000,
            '(#132000) Number of parameters does not match the expected number of params',
            `header: number of localizable_params (${headerParams.length}) does not match the expected number of params (0)`,
          );
        }
        if (bodyParams.length !== approved.bodyParams) {
          return invalid(
            132000,
            '(#132000) Number of parameters does not match the expected number of params',
            `body: number of localizable_params (${bodyParams.length}) does not match the expected number of params (${approved.bodyParams})`,
          );
        }
        const params: string[] = [];
        for (const parameter of bodyParams) {
          if (
            !isObject(parameter) ||
            parameter.type !== 'text' ||
            typeof parameter.text !== 'string' ||
            !parameter.text
          ) {
            return invalid(
              131008,
              '(#131008) Required parameter is missing',
              'body: text parameters need a non-empty text.',
            );
          }
          // Meta refuses line breaks, tabs and long runs of spaces inside a parameter.
          if (/[\n\t]| {4,}/.test(parameter.text)) {
            return invalid(
              132018,
              '(#132018) There was an issue with the parameters in your template.',
              'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
            );
          }
          params.push(parameter.text);
        }
        message = {
          id: wamid(to),
          to,
          ...opaqueOf(body),
          type: 'template',
          template: {
            name,
            language,
            category: approved.category,
            params,
            ...(headerDocument ? { headerDocument } : {}),
          },
          preview: renderTemplate(approved, params),
          sentAt: at.toISOString(),
          status: 'accepted',
          history: [],
          pricing: null,
        };
      } else if (type === 'text') {
        const text = isObject(body.text) && typeof body.text.body === 'string' ? body.text.body : '';
        if (!text) return invalid(100, "(#100) The parameter text['body'] is required.");
        if (text.length > 4096) {
          return invalid(100, "(#100) Param text['body'] must be at most 4096 characters long.");
        }
        message = {
          id: wamid(to),
          to,
          ...opaqueOf(body),
          type: 'text',
          text,
          preview: text,
          sentAt: at.toISOString(),
          status: 'accepted',
          history: [],
          pricing: null,
        };
      } else {
        return invalid(
          131051,
          '(#131051) Unsupported message type',
          `Message type ${String(type)} is not supported by this number.`,
        );
      }

      sent.push(message);
      schedule(message, outcome(message));
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: to }],
        messages: [{ id: message.id, ...(message.type === 'template' ? { message_status: 'accepted' } : {}) }],
      };
    },
  );

  /** The business number, as Graph shows it (what a "test connection" can read). */
  app.get<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const auth = authorized(request.headers.authorization);
    if (!auth.ok) return reply.code(auth.status).send(auth.body);
    if (!knownVersion(request.params.version) || request.params.id !== options.phoneNumberId) {
      return reply.code(400).send(unknownObject(request.params.id));
    }
    return {
      verified_name: options.verifiedName ?? 'Local Business',
      code_verification_status: 'VERIFIED',
      display_phone_number: `+${displayPhoneNumber}`,
      quality_rating: 'GREEN',
      platform_type: 'CLOUD_API',
      throughput: { level: 'STANDARD' },
      id: options.phoneNumberId,
    };
  });

  /** The account's templates, all approved, as GET /:version/:wabaId/message_templates lists them. */
  app.get<{ Params: { version: string; id: string } }>('/:version/:id/message_templates', async (request, reply) => {
    const auth = authorized(request.headers.authorization);
    if (!auth.ok) return reply.code(auth.status).send(auth.body);
    if (!knownVersion(request.params.version) || request.params.id !== wabaId) {
      return reply.code(400).send(unknownObject(request.params.id));
    }
    return {
      data: templates.map((template, index) => ({
        name: template.name,
        language: template.language,
        status: 'APPROVED',
        category: template.category,
        components: [
          ...(template.headerDocument ? [{ type: 'HEADER', format: 'DOCUMENT' }] : []),
          {
            type: 'BODY',
            text: template.body ?? Array.from({ length: template.bodyParams }, (_, n) => `{{${n + 1}}}`).join(' '),
          },
        ],
        id: String(1_200_000_000_000_000 + index),
      })),
      paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } },
    };
  });

  // ---- test-only controls ----
  app.post<{ Body: { from?: string; text?: string; name?: string } }>('/__fake/reply', async (request, reply) => {
    const from = waId(String(request.body?.from ?? ''));
    const text = String(request.body?.text ?? '');
    if (!/^[1-9]\d{7,14}$/.test(from) || !text.trim()) {
      return reply.code(400).send({ ok: false, message: 'from (234…) and text are required' });
    }
    const { reply: inbound, delivery } = await userReply(from, text, request.body?.name);
    return { ok: true, data: { id: inbound.id, httpStatus: delivery.httpStatus, attempts: delivery.attempts } };
  });
  app.post<{ Params: { phone: string }; Body: WhatsAppNumberTraits }>('/__fake/numbers/:phone', async (request) => {
    setNumber(request.params.phone, request.body ?? {});
    return { ok: true, data: numbers.get(waId(request.params.phone)) };
  });
  app.get('/__fake/messages', async () => ({ ok: true, data: sent }));
  app.get('/__fake/deliveries', async () => ({ ok: true, data: deliveries }));

  function setNumber(phone: string, traits: WhatsAppNumberTraits) {
    const key = waId(phone);
    numbers.set(key, { ...numbers.get(key), ...traits });
  }

  async function setWebhookUrl(next: string | undefined) {
    if (next !== undefined) await verify(next);
    webhookUrl = next;
  }

  const url = await listen(app, options, 'WhatsApp');
  if (options.webhookUrl !== undefined) {
    try {
      await setWebhookUrl(options.webhookUrl);
    } catch (error) {
      await app.close();
      throw error;
    }
  }

  return {
    /** The server's base, e.g. http://127.0.0.1:PORT. */
    url,
    /** What stands for https://graph.facebook.com/v21.0. */
    graphUrl: `${url}/v21.0`,
    wabaId,
    phoneNumberId: options.phoneNumberId,
    /**
     * Verifies the callback as Meta does (GET with hub.mode, hub.verify_token, hub.challenge; the
     * challenge must come back as the body with 200) and only then sends webhooks there; rejects
     * otherwise and keeps the URL it had. `undefined` stops webhooks.
     */
    setWebhookUrl,
    /** Every message sent, oldest first. */
    messages: (): FakeWhatsAppMessage[] => [...sent],
    /** Messages users sent the business, oldest first. */
    replies: (): FakeWhatsAppReply[] => [...replies],
    /** How a number behaves from now on (`+234…` or `234…`); unset traits are kept. */
    setNumber,
    /** Replaces the fake's clock (timestamps, the 24-hour window). */
    setNow(next: () => Date) {
      now = next;
    },
    /** A user's message to the business, as POST /__fake/reply does; resolves once the webhook POST is done. */
    reply: userReply,
    /** Webhook POSTs done so far, oldest first, with their retries counted. */
    deliveries: (): WhatsAppWebhookDelivery[] => [...deliveries],
    /** Waits for statuses still to come and webhook POSTs still on the wire. */
    settled: pending.settled,
    async close() {
      await pending.settled();
      await app.close();
    },
  };
}

export type WhatsAppFake = Awaited<ReturnType<typeof startWhatsAppFake>>;
