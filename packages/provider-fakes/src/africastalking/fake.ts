/**
 * A local Africa's Talking (SMS) for tests, the demo and the bench: the same path, form fields,
 * answers and delivery-report callbacks as its messaging API (../shared/research/bank-and-messaging.md
 * §C2, docs.africastalking.com "Sending", "Delivery reports", "Incoming messages"), on its own
 * Fastify instance on a loopback port. State is in memory. Test-only controls live under /__fake/*
 * and never on a real path.
 *
 * Africa's Talking does NOT sign its callbacks: a delivery report or an incoming message is a
 * plain form POST that anyone who knows the URL could forge. The app protects its callback URL
 * another way, with a secret token in the URL's path; this fake is simply given that URL
 * (callbackUrl / setCallbackUrl) and, like the real service, adds nothing of its own to prove
 * where the POST came from.
 *
 * What it plays: per-recipient answers (101 Success with an `ATXid_…` message id, 403
 * InvalidPhoneNumber for a number not in international form, 406 UserInBlacklist for a number on
 * DND, 402 InvalidSenderId for a sender ID the account does not own), 401 for a wrong API key or
 * username, pages and cost per message (GSM-7 or UCS-2), and reports `Sent` then `Success`, or
 * `Sent`, `Buffered` then `Failed` for an unreachable handset.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { fakeServer, inFlight, listen, postWithRetries, sleep } from '../http.js';

/** The statuses its delivery reports carry (Rejected, Success and Failed are final). */
export type AfricasTalkingReportStatus = 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed';

/** How a handset behaves; set with setNumber, else reachable and not on DND. */
export interface AfricasTalkingNumberTraits {
  /** On the networks' Do-Not-Disturb list: the send answers 406 UserInBlacklist for it. */
  dnd?: boolean;
  /** Switched off or out of coverage: reported `Buffered`, then `Failed` (DeliveryFailure). */
  unreachable?: boolean;
}

/** One SMS to one recipient that the send accepted. */
export interface FakeAfricasTalkingSms {
  /** `ATXid_…`: the `messageId` of the send's answer and the `id` of its reports. */
  messageId: string;
  /** `+234…`, as sent. */
  to: string;
  /** The sender ID; null when the send named none (the account's default). */
  from: string | null;
  message: string;
  encoding: 'GSM-7' | 'UCS-2';
  pages: number;
  /** Naira. */
  cost: number;
  /** The network's code in reports (62130 MTN Nigeria…); null outside Nigeria's known prefixes. */
  networkCode: string | null;
  bulkSMSMode: string | null;
  enqueue: string | null;
  sentAt: string;
  /** `Queued` until the first report; then the last status reported. */
  status: 'Queued' | AfricasTalkingReportStatus;
  history: { status: AfricasTalkingReportStatus; at: string }[];
}

/** A message a handset sent to the account (reply or setInboundUrl). */
export interface FakeAfricasTalkingInbound {
  id: string;
  linkId: string;
  /** `+234…` */
  from: string;
  /** The sender ID or short code it answered. */
  to: string;
  text: string;
  date: string;
}

/** One callback POST (delivery report or incoming message). */
export interface AfricasTalkingCallbackDelivery {
  type: 'report' | 'inbound';
  id: string;
  phone: string;
  status: AfricasTalkingReportStatus | 'inbound';
  /** The callback's last HTTP answer; null when none came (no URL, refused, timed out). */
  httpStatus: number | null;
  attempts: number;
  error?: string;
  /** The exact form body sent. */
  body: string;
}

export interface AfricasTalkingFakeOptions {
  /** The account's username (`sandbox` on the sandbox), sent in the form's `username`. */
  username: string;
  /** The API key, sent in the `apiKey` header. */
  apiKey: string;
  /** Sender IDs the account owns; ['SchoolLedgr'] unless given. A send with none uses the default. */
  senderIds?: string[];
  /** Where delivery reports are POSTed (with the app's secret token in its path); may be set later. */
  callbackUrl?: string;
  /** Where incoming messages are POSTed; the callback URL unless given (or set with setInboundUrl). */
  inboundUrl?: string;
  /** How long after a send (and between two reports of one message) a report goes out; 50 ms unless given. */
  reportDelayMs?: number;
  /** Naira per page; ₦2.20 unless given. */
  pricePerPage?: number;
  /** Waits before each retry of a callback POST that failed; [100, 400, 1600] ms unless given. */
  retryDelaysMs?: number[];
  /** The fake's clock (incoming messages' dates); the real one unless given. */
  now?: () => Date;
  host?: string;
  port?: number;
}

/** What Africa's Talking answers, as plain text, to a wrong API key or username. */
export const AFRICASTALKING_INVALID_AUTH = 'The supplied authentication is invalid';

/** Per-recipient status codes of a send's answer. */
const STATUS = {
  success: { statusCode: 101, status: 'Success' },
  invalidSenderId: { statusCode: 402, status: 'InvalidSenderId' },
  invalidPhoneNumber: { statusCode: 403, status: 'InvalidPhoneNumber' },
  userInBlacklist: { statusCode: 406, status: 'UserInBlacklist' },
} as const;

/** Mobile network codes (MCC+MNC) Africa's Talking reports for Nigeria, by the prefix issued. */
const NETWORKS: { code: string; prefixes: string[] }[] = [
  {
    code: '62130', // MTN Nigeria
    prefixes: ['703', '706', '803', '806', '810', '813', '814', '816', '903', '906', '913', '916', '704'],
  },
  { code: '62120', prefixes: ['701', '708', '802', '808', '812', '901', '902', '904', '907', '911', '912'] }, // Airtel
  { code: '62150', prefixes: ['705', '805', '807', '811', '815', '905', '915'] }, // Glo
  { code: '62160', prefixes: ['809', '817', '818', '908', '909'] }, // 9mobile (Etisalat)
];
function networkCodeOf(phone: string): string | null {
  if (!phone.startsWith('+234')) return null;
  const rest = phone.slice(4);
  return NETWORKS.find((network) => network.prefixes.some((prefix) => rest.startsWith(prefix)))?.code ?? null;
}

/** The GSM 03.38 default alphabet and its extension table (two septets each). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/** Pages as the networks bill them: GSM-7 160/153 septets, otherwise UCS-2 70/67 units. */
function smsPages(text: string): { encoding: 'GSM-7' | 'UCS-2'; pages: number } {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.has(character)) septets += 1;
    else if (GSM_EXTENDED.has(character)) septets += 2;
    else return { encoding: 'UCS-2', pages: text.length <= 70 ? 1 : Math.ceil(text.length / 67) };
  }
  return { encoding: 'GSM-7', pages: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

/** `0803…`, `234803…` or `+234 803…` as `+234803…`. */
export function africasTalkingNumber(phone: string) {
  const digits = phone.replace(/[\s()-]/g, '').replace(/^\+/, '');
  return `+${/^0\d{10}$/.test(digits) ? `234${digits.slice(1)}` : digits}`;
}

const xml = (text: string | number) =>
  String(text).replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;'));
const naira = (amount: number) => `NGN ${amount.toFixed(4)}`;
const round2 = (amount: number) => Math.round(amount * 100) / 100;

export async function startAfricasTalkingFake(options: AfricasTalkingFakeOptions) {
  const app = fakeServer();
  const pending = inFlight();
  const senderIds = options.senderIds ?? ['SchoolLedgr'];
  const reportDelayMs = options.reportDelayMs ?? 50;
  const pricePerPage = options.pricePerPage ?? 2.2;
  const retryDelaysMs = options.retryDelaysMs ?? [100, 400, 1600];
  const now = options.now ?? (() => new Date());
  let callbackUrl = options.callbackUrl;
  let inboundUrl = options.inboundUrl;
  const sent: FakeAfricasTalkingSms[] = [];
  const inbound: FakeAfricasTalkingInbound[] = [];
  const deliveries: AfricasTalkingCallbackDelivery[] = [];
  const numbers = new Map<string, AfricasTalkingNumberTraits>();
  const traitsOf = (phone: string) => numbers.get(phone) ?? {};

  const nextMessageId = () => `ATXid_${randomBytes(16).toString('hex')}`;

  /** POSTs a form (unsigned, as Africa's Talking does), retrying a refusal or silence a few times. */
  async function post(
    url: string | undefined,
    entry: Omit<AfricasTalkingCallbackDelivery, 'httpStatus' | 'attempts' | 'body'>,
    fields: Record<string, string>,
  ) {
    const body = new URLSearchParams(fields).toString();
    const delivery: AfricasTalkingCallbackDelivery = {
      ...entry,
      body,
      ...(await postWithRetries({
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        retryDelaysMs,
        missing: 'no callback url',
      })),
    };
    deliveries.push(delivery);
    return delivery;
  }

  /** The reports one accepted message gets, in order. */
  function reportsFor(sms: FakeAfricasTalkingSms): AfricasTalkingReportStatus[] {
    return traitsOf(sms.to).unreachable ? ['Sent', 'Buffered', 'Failed'] : ['Sent', 'Success'];
  }

  function reportFields(sms: FakeAfricasTalkingSms, status: AfricasTalkingReportStatus): Record<string, string> {
    return {
      id: sms.messageId,
      status,
      phoneNumber: sms.to,
      networkCode: sms.networkCode ?? '',
      retryCount: status === 'Failed' ? '2' : '0',
      // Only for Rejected and Failed.
      ...(status === 'Failed' || status === 'Rejected' ? { failureReason: 'DeliveryFailure' } : {}),
    };
  }

  function schedule(sms: FakeAfricasTalkingSms) {
    pending.track(
      (async () => {
        for (const status of reportsFor(sms)) {
          await sleep(reportDelayMs);
          sms.status = status;
          sms.history.push({ status, at: now().toISOString() });
          await post(
            callbackUrl,
            { type: 'report', id: sms.messageId, phone: sms.to, status },
            reportFields(sms, status),
          );
        }
      })(),
    );
  }

  /** A handset writes to the account (for instance STOP): an incoming-message callback. */
  async function handsetReply(from: string, text: string) {
    const phone = africasTalkingNumber(from);
    const to = sent.findLast((sms) => sms.to === phone)?.from ?? senderIds[0] ?? '';
    const message: FakeAfricasTalkingInbound = {
      id: randomUUID(),
      linkId: randomUUID(),
      from: phone,
      to,
      text,
      date: now().toISOString(),
    };
    inbound.push(message);
    const delivery = await pending.track(
      post(
        inboundUrl ?? callbackUrl,
        { type: 'inbound', id: message.id, phone, status: 'inbound' },
        {
          from: message.from,
          to: message.to,
          text: message.text,
          date: message.date,
          id: message.id,
          linkId: message.linkId,
          networkCode: networkCodeOf(phone) ?? '',
        },
      ),
    );
    return { message, delivery };
  }

  app.post('/version1/messaging', async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    if (request.headers.apikey !== options.apiKey || field('username') !== options.username) {
      return reply.code(401).type('text/plain').send(AFRICASTALKING_INVALID_AUTH);
    }
    for (const name of ['to', 'message']) {
      if (!field(name))
        return reply.code(400).type('text/plain').send(`Request is missing required form field '${name}'`);
    }
    const from = field('from') || null;
    const text = field('message');
    const { encoding, pages } = smsPages(text);
    const cost = round2(pages * pricePerPage);
    const at = now().toISOString();
    const recipients = field('to')
      .split(',')
      .map((number) => number.trim())
      .filter(Boolean)
      .map((number) => {
        const refusal =
          from && !senderIds.includes(from)
            ? STATUS.invalidSenderId
            : !/^\+[1-9]\d{9,14}$/.test(number)
              ? STATUS.invalidPhoneNumber
              : traitsOf(number).dnd
                ? STATUS.userInBlacklist
                : null;
        if (refusal) return { ...refusal, number, cost: '0', messageId: 'None' };
        const sms: FakeAfricasTalkingSms = {
          messageId: nextMessageId(),
          to: number,
          from,
          message: text,
          encoding,
          pages,
          cost,
          networkCode: networkCodeOf(number),
          bulkSMSMode: field('bulkSMSMode') || null,
          enqueue: field('enqueue') || null,
          sentAt: at,
          status: 'Queued',
          history: [],
        };
        sent.push(sms);
        schedule(sms);
        return { ...STATUS.success, number, cost: naira(cost), messageId: sms.messageId };
      });
    const accepted = recipients.filter((recipient) => recipient.statusCode === STATUS.success.statusCode);
    const total = round2(accepted.length * cost);
    const data = {
      SMSMessageData: {
        Message: `Sent to ${accepted.length}/${recipients.length} Total Cost: ${accepted.length ? naira(total) : '0'}`,
        Recipients: recipients,
      },
    };
    // Without `Accept: application/json` the API answers XML.
    if (!String(request.headers.accept ?? '').includes('application/json')) {
      const rows = recipients
        .map(
          (r) =>
            `<Recipient><number>${xml(r.number)}</number><cost>${r.cost}</cost><status>${r.status}</status><statusCode>${r.statusCode}</statusCode><messageId>${r.messageId}</messageId></Recipient>`,
        )
        .join('');
      return reply
        .code(201)
        .type('application/xml')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?><AfricasTalkingResponse><SMSMessageData><Message>${data.SMSMessageData.Message}</Message><Recipients>${rows}</Recipients></SMSMessageData></AfricasTalkingResponse>`,
        );
    }
    return reply.code(201).send(data);
  });

  // ---- test-only controls ----
  app.post<{ Body: { from?: string; text?: string } }>('/__fake/reply', async (request, reply) => {
    const from = africasTalkingNumber(String(request.body?.from ?? ''));
    const text = String(request.body?.text ?? '');
    if (!/^\+[1-9]\d{9,14}$/.test(from) || !text.trim()) {
      return reply.code(400).send({ ok: false, message: 'from (+234…) and text are required' });
    }
    const { message, delivery } = await handsetReply(from, text);
    return { ok: true, data: { id: message.id, httpStatus: delivery.httpStatus, attempts: delivery.attempts } };
  });
  app.post<{ Params: { phone: string }; Body: AfricasTalkingNumberTraits }>(
    '/__fake/numbers/:phone',
    async (request) => {
      setNumber(request.params.phone, request.body ?? {});
      return { ok: true, data: numbers.get(africasTalkingNumber(request.params.phone)) };
    },
  );
  app.get('/__fake/messages', async () => ({ ok: true, data: sent }));
  app.get('/__fake/reports', async () => ({ ok: true, data: deliveries }));

  function setNumber(phone: string, traits: AfricasTalkingNumberTraits) {
    const key = africasTalkingNumber(phone);
    numbers.set(key, { ...numbers.get(key), ...traits });
  }

  const url = await listen(app, options, "Africa's Talking");

  return {
    url,
    /** Where delivery reports go (and incoming messages, unless setInboundUrl named another). */
    setCallbackUrl(next: string | undefined) {
      callbackUrl = next;
    },
    setInboundUrl(next: string | undefined) {
      inboundUrl = next;
    },
    /** Every SMS a send accepted, one per recipient, oldest first. */
    messages: (): FakeAfricasTalkingSms[] => [...sent],
    /** Messages handsets sent, oldest first. */
    inbound: (): FakeAfricasTalkingInbound[] => [...inbound],
    /** How a number behaves from now on (`0803…`, `234…` or `+234…`); unset traits are kept. */
    setNumber,
    /** A handset's message to the account, as POST /__fake/reply does; resolves once the callback POST is done. */
    reply: handsetReply,
    /** Callback POSTs (reports and incoming messages) done so far, oldest first. */
    reports: (): AfricasTalkingCallbackDelivery[] => [...deliveries],
    /** Waits for reports still to come and callback POSTs still on the wire. */
    settled: pending.settled,
    async close() {
      await pending.settled();
      await app.close();
    },
  };
}

export type AfricasTalkingFake = Awaited<ReturnType<typeof startAfricasTalkingFake>>;
