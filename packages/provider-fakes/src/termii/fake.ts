/**
 * A local Termii (SMS) for tests, the demo and the bench: the same paths, request fields, answers
 * and signed delivery reports as Termii's messaging API (../shared/research/bank-and-messaging.md
 * §C2, developer.termii.com "Messaging" and "Events and reports"), on its own Fastify instance on
 * a loopback port. State is in memory. Test-only controls live under /__fake/* and never on a
 * real path.
 *
 * What it plays of the Nigerian networks: pages and cost per message (GSM-7 or UCS-2), numbers
 * on DND refused on the generic route, MTN refusing generic traffic at night, unreachable
 * handsets, a `Message Sent` report before the final one, webhook retries, and a rate limit.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { fakeServer, inFlight, listen, postWithRetries, sleep } from '../http.js';

export type TermiiChannel = 'generic' | 'dnd' | 'whatsapp';
export type TermiiNetwork = 'MTN' | 'Airtel' | 'Glo' | '9mobile';
/** The statuses a delivery report carries (Termii spells them this way, capitals and all). */
export type TermiiReportStatus = 'Message Sent' | 'DELIVERED' | 'DND Active on Phone Number' | 'Message Failed';

/** How a handset behaves; set with setNumber, else not on DND, reachable, network from its prefix. */
export interface TermiiNumberTraits {
  dnd?: boolean;
  unreachable?: boolean;
  network?: TermiiNetwork;
}

/** One SMS to one recipient (a send to an array of numbers makes one per number). */
export interface FakeSms {
  /** The send's `message_id`, shared by every recipient of one request; reports carry it. */
  messageId: string;
  /** This recipient's own id: the `id` of its delivery reports. */
  id: string;
  /** International format, digits only (`234…`). */
  to: string;
  /** The sender ID. */
  from: string;
  sms: string;
  channel: 'generic' | 'dnd';
  encoding: 'GSM-7' | 'UCS-2';
  pages: number;
  /** Naira, what the report's `cost` says. */
  cost: number;
  network: TermiiNetwork | null;
  /** ISO moment of the send (the fake's clock). */
  sentAt: string;
  /** `Queued` until the first report; then the last status reported. */
  status: 'Queued' | TermiiReportStatus;
  history: { status: TermiiReportStatus; at: string }[];
}

/** A reply a handset sent (POST /__fake/reply). */
export interface FakeSmsReply {
  id: string;
  /** The handset, `234…`. */
  from: string;
  /** The sender ID it answered. */
  to: string;
  text: string;
  receivedAt: string;
}

/** One webhook POST (delivery report or inbound message), after its retries. */
export interface TermiiWebhookDelivery {
  type: 'outbound' | 'inbound';
  /** The report's (or inbound message's) `id`. */
  id: string;
  /** The send's message_id; null for an inbound message. */
  messageId: string | null;
  phone: string;
  /** The report's status, or `inbound`. */
  status: TermiiReportStatus | 'inbound';
  /** The webhook's last HTTP answer; null when none came (no URL, refused, timed out). */
  httpStatus: number | null;
  attempts: number;
  error?: string;
  /** The exact body sent and signed. */
  body: string;
}

export interface TermiiFakeOptions {
  apiKey: string;
  /** Signs what the fake POSTs (`X-Termii-Signature`, HMAC-SHA512 hex of the raw body). */
  secretKey: string;
  /** Registered, active sender IDs; ['SchoolLedgr'] unless given. */
  senderIds?: string[];
  /** Where reports and inbound messages are POSTed; may be set later with setWebhookUrl. */
  webhookUrl?: string;
  /** How long after a send (and between two reports of one message) a report goes out; 50 ms unless given. */
  reportDelayMs?: number;
  /** API requests per second before 429; 20 unless given. */
  ratePerSecond?: number;
  /** Naira per page: generic ₦4.00, dnd ₦6.50 unless given. */
  pricePerPage?: { generic?: number; dnd?: number };
  /** Starting account balance in naira; ₦10,000 unless given. */
  balance?: number;
  /** The account holder's name, the `user` of send answers. */
  user?: string;
  /** Whether a `Message Sent` report precedes the final one for a handset that got the message; true unless false. */
  interimReports?: boolean;
  /** Waits before each retry of a webhook POST that failed; [100, 400, 1600] ms unless given. */
  retryDelaysMs?: number[];
  /** The fake's clock (report times, MTN's night); the real one unless given. */
  now?: () => Date;
  host?: string;
  port?: number;
}

/** Termii's account id in its own error messages. */
const APPLICATION_ID = 31_245;

/** The GSM 03.38 default alphabet and its extension table (two septets each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * Pages of an SMS as the networks bill it: GSM-7 160 septets on one page, 153 per page when
 * split; anything outside GSM-7 (say `₦`) makes the whole message UCS-2, 70 UTF-16 units on one
 * page, 67 per page when split. Written here, not borrowed from the app, so a test checks the
 * app's count against an independent one.
 */
function smsPages(text: string): { encoding: 'GSM-7' | 'UCS-2'; pages: number } {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENDED.has(character)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', pages: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', pages: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/**
 * The network a Nigerian number's prefix was issued to. Ported numbers make this wrong, which is
 * why setNumber can say otherwise.
 */
const PREFIXES: Record<TermiiNetwork, string[]> = {
  MTN: ['703', '706', '803', '806', '810', '813', '814', '816', '903', '906', '913', '916', '704', '7025', '7026'],
  Airtel: ['701', '708', '802', '808', '812', '901', '902', '904', '907', '911', '912'],
  Glo: ['705', '805', '807', '811', '815', '905', '915'],
  '9mobile': ['809', '817', '818', '908', '909'],
};
function networkOf(phone: string): TermiiNetwork | null {
  if (!phone.startsWith('234')) return null;
  const rest = phone.slice(3);
  for (const [network, prefixes] of Object.entries(PREFIXES) as [TermiiNetwork, string[]][]) {
    if (prefixes.some((prefix) => rest.startsWith(prefix))) return network;
  }
  return null;
}

/** `+234 803…`, `234803…` or `0803…` as `234803…` (digits only). */
export function internationalNumber(phone: string) {
  const digits = phone.replace(/[\s()-]/g, '').replace(/^\+/, '');
  return /^0\d{10}$/.test(digits) ? `234${digits.slice(1)}` : digits;
}

/** Lagos wall time (WAT, UTC+1, no summer time) as Termii writes it: `YYYY-MM-DD HH:mm:ss`. */
const lagosTime = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const lagosHour = (at: Date) => new Date(at.getTime() + 3_600_000).getUTCHours();
const round2 = (naira: number) => Math.round(naira * 100) / 100;

export async function startTermiiFake(options: TermiiFakeOptions) {
  const app = fakeServer();
  const pending = inFlight();
  const senderIds = options.senderIds ?? ['SchoolLedgr'];
  const reportDelayMs = options.reportDelayMs ?? 50;
  const ratePerSecond = options.ratePerSecond ?? 20;
  const retryDelaysMs = options.retryDelaysMs ?? [100, 400, 1600];
  const price = { generic: options.pricePerPage?.generic ?? 4, dnd: options.pricePerPage?.dnd ?? 6.5 };
  const user = options.user ?? 'Local Test Account';
  const interimReports = options.interimReports ?? true;
  let now = options.now ?? (() => new Date());
  let webhookUrl = options.webhookUrl;
  let balance = options.balance ?? 10_000;
  const sent: FakeSms[] = [];
  const replies: FakeSmsReply[] = [];
  const deliveries: TermiiWebhookDelivery[] = [];
  const numbers = new Map<string, TermiiNumberTraits>();
  /** Real-time moments of the API requests of the last second, for the rate limit. */
  const hits: number[] = [];
  let counter = 0;

  /** Termii's message ids are long digit strings (25 digits), unique per send. */
  const nextMessageId = () =>
    `30${String(Date.now()).padStart(13, '0')}${String(++counter).padStart(6, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const nextId = () => randomBytes(12).toString('hex');

  /** POSTs `payload` signed, retrying a refusal or silence a few times with growing waits; logs the outcome. */
  async function post(entry: Omit<TermiiWebhookDelivery, 'httpStatus' | 'attempts' | 'body'>, payload: object) {
    const body = JSON.stringify(payload);
    const signature = createHmac('sha512', options.secretKey).update(body).digest('hex');
    const delivery: TermiiWebhookDelivery = {
      ...entry,
      body,
      ...(await postWithRetries({
        url: webhookUrl,
        headers: { 'content-type': 'application/json', 'x-termii-signature': signature },
        body,
        retryDelaysMs,
      })),
    };
    deliveries.push(delivery);
    return delivery;
  }

  const traitsOf = (phone: string) => numbers.get(phone) ?? {};

  /** The reports one message gets, in order. */
  function reportsFor(sms: FakeSms, at: Date): TermiiReportStatus[] {
    const traits = traitsOf(sms.to);
    // The networks refuse the generic (promotional) route to a number on DND: no delivery, no "Sent".
    if (sms.channel === 'generic' && traits.dnd) return ['DND Active on Phone Number'];
    // Termii's generic route does not deliver to MTN between 20:00 and 08:00 WAT: MTN refuses
    // promotional traffic at night, so the message fails at the network.
    const hour = lagosHour(at);
    if (sms.channel === 'generic' && sms.network === 'MTN' && (hour >= 20 || hour < 8)) return ['Message Failed'];
    const last: TermiiReportStatus = traits.unreachable ? 'Message Failed' : 'DELIVERED';
    return interimReports ? ['Message Sent', last] : [last];
  }

  function report(sms: FakeSms, status: TermiiReportStatus) {
    return {
      type: 'outbound',
      id: sms.id,
      message_id: sms.messageId,
      receiver: sms.to,
      sender: sms.from,
      message: sms.sms,
      sent_at: lagosTime(new Date(sms.sentAt)),
      cost: sms.cost,
      status,
      channel: sms.channel,
    };
  }

  /** Sends the message's reports one after the other, each `reportDelayMs` after the last. */
  function schedule(sms: FakeSms, statuses: TermiiReportStatus[]) {
    pending.track(
      (async () => {
        for (const status of statuses) {
          await sleep(reportDelayMs);
          sms.status = status;
          sms.history.push({ status, at: now().toISOString() });
          await post(
            { type: 'outbound', id: sms.id, messageId: sms.messageId, phone: sms.to, status },
            report(sms, status),
          );
        }
      })(),
    );
  }

  /**
   * A handset replies (for instance STOP): Termii POSTs an inbound message to the webhook. This
   * stands for the reply path a two-way number or short code gives; an alphanumeric sender ID
   * cannot be answered on Nigerian networks.
   */
  async function handsetReply(from: string, text: string) {
    const phone = internationalNumber(from);
    const lastTo = sent.findLast((sms) => sms.to === phone)?.from ?? senderIds[0] ?? '';
    const at = now();
    const inbound: FakeSmsReply = { id: nextId(), from: phone, to: lastTo, text, receivedAt: at.toISOString() };
    replies.push(inbound);
    const payload = {
      type: 'inbound',
      id: inbound.id,
      sender: phone,
      receiver: lastTo,
      message: text,
      received_at: lagosTime(at),
      channel: 'generic',
    };
    const delivery = await pending.track(
      post({ type: 'inbound', id: inbound.id, messageId: null, phone, status: 'inbound' }, payload),
    );
    return { reply: inbound, delivery };
  }

  // Termii's throttle: over `ratePerSecond` API requests in a second, 429 until the second passes.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const moment = Date.now();
    while (hits.length && (hits[0] ?? 0) <= moment - 1000) hits.shift();
    if (hits.length >= ratePerSecond) {
      return reply.code(429).header('retry-after', '1').send({ message: 'Too Many Attempts.' });
    }
    hits.push(moment);
  });

  const invalidKey = { message: 'Invalid API key' };
  const keyOf = (request: { body?: unknown; query?: unknown }) => {
    const fromBody = (request.body as Record<string, unknown> | undefined)?.api_key;
    return fromBody ?? (request.query as Record<string, unknown> | undefined)?.api_key;
  };

  app.post('/api/sms/send', async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    if (keyOf(request) !== options.apiKey) return reply.code(401).send(invalidKey);

    // Missing or malformed fields: a Laravel validation answer, the first message first.
    const errors: Record<string, string[]> = {};
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const to = body.to;
    if (to === undefined || to === null || to === '' || (Array.isArray(to) && to.length === 0))
      errors.to = ['The to field is required.'];
    else if (Array.isArray(to) && to.length > 100) errors.to = ['The to must not have more than 100 items.'];
    else if (!Array.isArray(to) && typeof to !== 'string') errors.to = ['The to must be a string or an array.'];
    if (!text('from')) errors.from = ['The from field is required.'];
    if (!text('sms')) errors.sms = ['The sms field is required.'];
    if (!text('type')) errors.type = ['The type field is required.'];
    else if (text('type') !== 'plain') errors.type = ['The selected type is invalid.'];
    if (!text('channel')) errors.channel = ['The channel field is required.'];
    else if (!['generic', 'dnd', 'whatsapp'].includes(text('channel')))
      errors.channel = ['The selected channel is invalid.'];
    const messages = Object.values(errors).flat();
    if (messages.length) {
      const more = messages.length - 1;
      return reply.code(422).send({
        message: more ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : messages[0],
        errors,
      });
    }

    const recipients = (Array.isArray(to) ? to : [to]).map((number) => String(number).trim().replace(/^\+/, ''));
    if (recipients.some((number) => !/^[1-9]\d{9,14}$/.test(number))) {
      return reply.code(400).send({ message: 'Phone number is expected in international format' });
    }
    const channel = text('channel') as TermiiChannel;
    if (channel === 'whatsapp') {
      // Termii's WhatsApp route sends from a connected device (`from` is its id); this account has none.
      return reply.code(400).send({ message: `Device not found for device id: ${text('from')}` });
    }
    const from = text('from');
    if (!senderIds.includes(from)) {
      return reply.code(400).send({
        message: `ApplicationSenderId not found for applicationId: ${APPLICATION_ID} and senderName: ${from}`,
      });
    }
    const sms = text('sms');
    const { encoding, pages } = smsPages(sms);
    const cost = round2(pages * price[channel]);
    if (cost * recipients.length > balance) {
      return reply.code(400).send({ message: 'Insufficient balance' });
    }
    balance = round2(balance - cost * recipients.length);
    const messageId = nextMessageId();
    const at = now();
    for (const phone of recipients) {
      const message: FakeSms = {
        messageId,
        id: nextId(),
        to: phone,
        from,
        sms,
        channel,
        encoding,
        pages,
        cost,
        network: traitsOf(phone).network ?? networkOf(phone),
        sentAt: at.toISOString(),
        status: 'Queued',
        history: [],
      };
      sent.push(message);
      schedule(message, reportsFor(message, at));
    }
    return {
      code: 'ok',
      message_id: messageId,
      message_id_str: messageId,
      message: 'Successfully Sent',
      balance,
      user,
    };
  });

  app.get('/api/get-balance', async (request, reply) => {
    if (keyOf(request) !== options.apiKey) return reply.code(401).send(invalidKey);
    return { user, balance, currency: 'NGN' };
  });

  /** The account's sender IDs, as GET /api/sender-id lists them (all active here). */
  app.get('/api/sender-id', async (request, reply) => {
    if (keyOf(request) !== options.apiKey) return reply.code(401).send(invalidKey);
    const data = senderIds.map((senderId) => ({
      sender_id: senderId,
      status: 'active',
      company: user,
      usecase: 'Transactional notifications',
      country: 'Nigeria',
      created_at: '2024-01-08 10:12:00',
    }));
    return { current_page: 1, data, from: 1, last_page: 1, per_page: 15, to: data.length, total: data.length };
  });

  // ---- test-only controls ----
  app.post<{ Body: { from?: string; text?: string } }>('/__fake/reply', async (request, reply) => {
    const from = internationalNumber(String(request.body?.from ?? ''));
    const text = String(request.body?.text ?? '');
    if (!/^[1-9]\d{9,14}$/.test(from) || !text.trim()) {
      return reply.code(400).send({ ok: false, message: 'from (234…) and text are required' });
    }
    const { reply: inbound, delivery } = await handsetReply(from, text);
    return { ok: true, data: { id: inbound.id, httpStatus: delivery.httpStatus, attempts: delivery.attempts } };
  });

  app.post<{ Params: { phone: string }; Body: TermiiNumberTraits }>('/__fake/numbers/:phone', async (request) => {
    setNumber(request.params.phone, request.body ?? {});
    return { ok: true, data: numbers.get(internationalNumber(request.params.phone)) };
  });
  app.get('/__fake/messages', async () => ({ ok: true, data: sent }));
  app.get('/__fake/reports', async () => ({ ok: true, data: deliveries }));

  function setNumber(phone: string, traits: TermiiNumberTraits) {
    const key = internationalNumber(phone);
    numbers.set(key, { ...numbers.get(key), ...traits });
  }

  const url = await listen(app, options, 'Termii');

  return {
    url,
    setWebhookUrl(next: string | undefined) {
      webhookUrl = next;
    },
    /** Every SMS sent, one per recipient, oldest first. */
    messages: (): FakeSms[] => [...sent],
    /** Replies handsets sent, oldest first. */
    replies: (): FakeSmsReply[] => [...replies],
    /** How a number behaves from now on (`0803…`, `+234…` or `234…`); unset traits are kept. */
    setNumber,
    /** Replaces the fake's clock (report times, MTN's night). */
    setNow(next: () => Date) {
      now = next;
    },
    /** A handset's reply, as POST /__fake/reply does; resolves once the webhook POST is done. */
    reply: handsetReply,
    /** The account balance in naira. */
    balance: () => balance,
    /** Webhook POSTs (reports and inbound messages) done so far, oldest first, with their retries counted. */
    reports: (): TermiiWebhookDelivery[] => [...deliveries],
    /** Waits for reports still to come and webhook POSTs still on the wire. */
    settled: pending.settled,
    async close() {
      await pending.settled();
      await app.close();
    },
  };
}

export type TermiiFake = Awaited<ReturnType<typeof startTermiiFake>>;
