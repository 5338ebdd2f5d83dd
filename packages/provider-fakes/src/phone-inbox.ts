/**
 * The demo's "phone inbox": a small page server where a newcomer watches a parent's phone
 * receive the SMS (local Termii) and WhatsApp messages (local WhatsApp Cloud API) the app sends,
 * and answers them (STOP, say) through the fakes' reply controls. Plain HTML in the style of the
 * bank and checkout pages: every value escaped, every input labelled, readable at 360 px; a tiny
 * inline script refreshes the messages every 2 s.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from './checkout-page.js';
import { fakeServer, listen } from './http.js';
import type { FakeSms, FakeSmsReply } from './termii/fake.js';
import type { FakeWhatsAppMessage, FakeWhatsAppReply } from './whatsapp/fake.js';

/** What the inbox reads of the local Termii: a started fake fits. */
export interface PhoneInboxTermii {
  url: string;
  messages(): readonly FakeSms[];
  replies(): readonly FakeSmsReply[];
}

/** What the inbox reads of the local WhatsApp: a started fake fits. */
export interface PhoneInboxWhatsApp {
  url: string;
  messages(): readonly FakeWhatsAppMessage[];
  replies(): readonly FakeWhatsAppReply[];
}

export interface PhoneInboxOptions {
  termii?: PhoneInboxTermii;
  whatsapp?: PhoneInboxWhatsApp;
  host?: string;
  port?: number;
}

type Channel = 'sms' | 'whatsapp';
const TITLE = 'Phone inbox (local demo)';
const PHONE = /^[1-9]\d{7,14}$/;

/** `2348031234567` as `+234 803 123 4567`; other numbers as `+` and their digits. */
const showPhone = (phone: string) =>
  /^234\d{10}$/.test(phone) ? `+234 ${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` : `+${phone}`;
/** Lagos wall time (WAT, UTC+1). */
const showTime = (iso: string) =>
  `${new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 16).replace('T', ' ')} WAT`;
const time = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(showTime(iso))}</time>`;
const naira = (amount: number) =>
  amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const version = (html: string) => createHash('sha1').update(html).digest('hex');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#1a1a1a;background:#fff;line-height:1.4}*{box-sizing:border-box}a{color:#1a4fb0}h1{font-size:1.5rem}.columns{display:grid;gap:0 24px}@media (min-width:720px){.columns{grid-template-columns:1fr 1fr}}ol,ul{list-style:none;padding:0;margin:0}li{border:1px solid #767676;border-radius:8px;padding:8px 12px;margin:8px 0;overflow-wrap:anywhere}li.reply{background:#eaf1fb}.meta{margin:0 0 4px;color:#404040;font-size:.875rem}.text{margin:0;white-space:pre-wrap}.failed{color:#a00000;font-weight:600}label{display:block;margin:12px 0 4px;font-weight:600}input{display:block;width:100%;padding:10px;font-size:16px}button{display:block;width:100%;margin:8px 0 24px;padding:12px;font-size:16px}.hint{margin:0 0 4px;color:#404040}.error{margin:0 0 4px;color:#a00000;font-weight:600}:focus-visible{outline:3px solid #1a56db;outline-offset:2px}`;

/** Polls `path` every 2 s and swaps the fragments whose ids it names when anything changed. */
const poller = (path: string, current: string) => `<script>
(() => {
  let version = ${JSON.stringify(current)};
  const live = document.getElementById('live');
  setInterval(async () => {
    try {
      const response = await fetch(${JSON.stringify(path)}, { cache: 'no-store' });
      if (!response.ok) return;
      const data = await response.json();
      if (data.version === version) return;
      version = data.version;
      for (const [id, html] of Object.entries(data.fragments)) {
        const element = document.getElementById(id);
        if (element) element.innerHTML = html;
      }
      live.textContent = 'New activity at ' + new Date().toLocaleTimeString();
    } catch {}
  }, 2000);
})();
</script>`;

const page = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>${STYLE}</style>
</head><body><main>
${body}
</main></body></html>`;

export async function startPhoneInbox(options: PhoneInboxOptions) {
  const app = fakeServer();
  const sms = (phone?: string) => (options.termii?.messages() ?? []).filter((m) => !phone || m.to === phone);
  const smsReplies = (phone: string) => (options.termii?.replies() ?? []).filter((r) => r.from === phone);
  const chats = (phone?: string) => (options.whatsapp?.messages() ?? []).filter((m) => !phone || m.to === phone);
  const chatReplies = (phone: string) => (options.whatsapp?.replies() ?? []).filter((r) => r.from === phone);

  /** Every phone a message went to, the most recent activity (a message or a reply) first. */
  function phones() {
    const all = new Map<string, { phone: string; sms: number; whatsapp: number; replies: number; last: string }>();
    const touch = (phone: string, at: string, field: 'sms' | 'whatsapp' | 'replies') => {
      const entry = all.get(phone);
      if (!entry) {
        if (field === 'replies') return;
        all.set(phone, { phone, sms: 0, whatsapp: 0, replies: 0, last: at, [field]: 1 });
        return;
      }
      entry[field] += 1;
      if (at > entry.last) entry.last = at;
    };
    for (const m of sms()) touch(m.to, m.sentAt, 'sms');
    for (const m of chats()) touch(m.to, m.sentAt, 'whatsapp');
    for (const r of options.termii?.replies() ?? []) touch(r.from, r.receivedAt, 'replies');
    for (const r of options.whatsapp?.replies() ?? []) touch(r.from, r.receivedAt, 'replies');
    return [...all.values()].sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : 0));
  }

  function phoneList() {
    const list = phones();
    if (!list.length) return '<p>No phone has received a message yet. Messages the app sends appear here.</p>';
    return `<ul>${list
      .map(
        (p) =>
          `<li><a href="/phone/${p.phone}">${escapeHtml(showPhone(p.phone))}</a><p class="meta">${escapeHtml(
            [
              plural(p.sms, 'SMS', 'SMS'),
              plural(p.whatsapp, 'WhatsApp message'),
              ...(p.replies ? [plural(p.replies, 'reply', 'replies')] : []),
            ].join(', '),
          )}; last ${time(p.last)}</p></li>`,
      )
      .join('')}</ul>`;
  }

  function smsItems(phone: string) {
    const items = [
      ...sms(phone).map((m) => ({
        at: m.sentAt,
        html: `<li><p class="meta"><strong>${escapeHtml(m.from)}</strong> · ${time(m.sentAt)} · <span${
          m.status === 'DELIVERED' || m.status === 'Message Sent' || m.status === 'Queued' ? '' : ' class="failed"'
        }>${escapeHtml(m.status)}</span> · ${escapeHtml(`${plural(m.pages, 'page')} (${m.encoding}), NGN ${naira(m.cost)}`)}</p><p class="text">${escapeHtml(m.sms)}</p></li>`,
      })),
      ...smsReplies(phone).map((r) => ({
        at: r.receivedAt,
        html: `<li class="reply"><p class="meta"><strong>You replied</strong> to ${escapeHtml(r.to)} · ${time(r.receivedAt)}</p><p class="text">${escapeHtml(r.text)}</p></li>`,
      })),
    ];
    return items.length ? list(items) : '<p>No SMS yet.</p>';
  }

  function chatItems(phone: string) {
    const items = [
      ...chats(phone).map((m) => {
        const status =
          m.status === 'failed' && m.error
            ? `<span class="failed">failed: ${escapeHtml(`${m.error.title} (${m.error.code})`)}</span>`
            : escapeHtml(m.status);
        const document = m.template?.headerDocument;
        const documentHtml = document
          ? `<p class="text">${
              /^https?:\/\//.test(document.link)
                ? `<a href="${escapeHtml(document.link)}" rel="noopener noreferrer">Document: ${escapeHtml(document.filename ?? document.link)}</a>`
                : `Document: ${escapeHtml(document.filename ?? document.link)}`
            }</p>`
          : '';
        const label = m.template ? `Template ${m.template.name}` : 'Message';
        return {
          at: m.sentAt,
          html: `<li><p class="meta"><strong>${escapeHtml(label)}</strong> · ${time(m.sentAt)} · ${status}</p>${documentHtml}<p class="text">${escapeHtml(m.preview)}</p></li>`,
        };
      }),
      ...chatReplies(phone).map((r) => ({
        at: r.receivedAt,
        html: `<li class="reply"><p class="meta"><strong>You replied</strong> · ${time(r.receivedAt)}</p><p class="text">${escapeHtml(r.text)}</p></li>`,
      })),
    ];
    return items.length ? list(items) : '<p>No WhatsApp messages yet.</p>';
  }

  /** Newest first. */
  const list = (items: { at: string; html: string }[]) =>
    `<ol>${items
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .map((item) => item.html)
      .join('')}</ol>`;

  const fragments = (phone: string) => ({ 'sms-messages': smsItems(phone), 'whatsapp-messages': chatItems(phone) });

  function replyForm(phone: string, channel: Channel, error?: { channel: Channel; message: string; text: string }) {
    const id = `${channel}-text`;
    const invalid = error?.channel === channel;
    const label = channel === 'sms' ? 'Reply by SMS' : 'Reply on WhatsApp';
    const hint =
      channel === 'sms'
        ? 'For example STOP, to stop messages.'
        : 'Writing opens a 24-hour window in which the business may answer freely.';
    const describedBy = [`${id}-hint`, invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
    return `<form method="post" action="/phone/${phone}/reply/${channel}" novalidate>
<label for="${id}">${label}</label><p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>${
      invalid ? `<p class="error" id="${id}-error" role="alert">${escapeHtml(error.message)}</p>` : ''
    }<input id="${id}" name="text" autocomplete="off" maxlength="1000" required value="${escapeHtml(invalid ? error.text : '')}" aria-describedby="${describedBy}"${
      invalid ? ' aria-invalid="true" autofocus' : ''
    }>
<button type="submit">${channel === 'sms' ? 'Send SMS reply' : 'Send WhatsApp reply'}</button>
</form>`;
  }

  function phonePage(phone: string, error?: { channel: Channel; message: string; text: string }) {
    const parts = fragments(phone);
    const shown = escapeHtml(showPhone(phone));
    const sections = [
      ...(options.termii
        ? [
            `<section aria-labelledby="sms-heading"><h2 id="sms-heading">SMS</h2><div id="sms-messages">${parts['sms-messages']}</div>${replyForm(phone, 'sms', error)}</section>`,
          ]
        : []),
      ...(options.whatsapp
        ? [
            `<section aria-labelledby="whatsapp-heading"><h2 id="whatsapp-heading">WhatsApp</h2><div id="whatsapp-messages">${parts['whatsapp-messages']}</div>${replyForm(phone, 'whatsapp', error)}</section>`,
          ]
        : []),
    ];
    return page(
      `${shown} · ${TITLE}`,
      `<p><a href="/">All phones</a></p>
<h1>Phone ${shown}</h1>
<p>What this phone received, newest first. It stands in for a parent's handset; nothing here reaches a real phone.</p>
<p role="status" id="live"></p>
<div class="columns">${sections.join('\n')}</div>
${poller(`/phone/${phone}.json`, version(JSON.stringify(parts)))}`,
    );
  }

  app.get('/', async (_request, reply) => {
    const listHtml = phoneList();
    return reply.type('text/html; charset=utf-8').send(
      page(
        TITLE,
        `<h1>${TITLE}</h1>
<p>Each phone number below received SMS or WhatsApp messages from the local providers, the most recent first. Open one to read its messages and reply.</p>
<p role="status" id="live"></p>
<div id="phones">${listHtml}</div>
${poller('/phones.json', version(listHtml))}`,
      ),
    );
  });

  app.get('/phones.json', async () => {
    const listHtml = phoneList();
    return { version: version(listHtml), fragments: { phones: listHtml } };
  });

  app.get<{ Params: { number: string } }>('/phone/:number', async (request, reply) => {
    const json = request.params.number.endsWith('.json');
    const phone = json ? request.params.number.slice(0, -'.json'.length) : request.params.number;
    if (!PHONE.test(phone)) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          page(
            `Not found · ${TITLE}`,
            '<h1>Not found</h1><p>Phone numbers are digits only, for example 2348031234567.</p><p><a href="/">All phones</a></p>',
          ),
        );
    }
    if (json) {
      const parts = fragments(phone);
      return { version: version(JSON.stringify(parts)), fragments: parts };
    }
    return reply.type('text/html; charset=utf-8').send(phonePage(phone));
  });

  app.post<{ Params: { number: string; channel: string }; Body: { text?: string } }>(
    '/phone/:number/reply/:channel',
    async (request, reply) => {
      const { number: phone, channel } = request.params;
      const fake = channel === 'sms' ? options.termii : channel === 'whatsapp' ? options.whatsapp : undefined;
      if (!PHONE.test(phone) || !fake) return reply.code(404).send({ ok: false });
      const text = typeof request.body?.text === 'string' ? request.body.text.trim() : '';
      const fail = (message: string) =>
        reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(phonePage(phone, { channel: channel as Channel, message, text }));
      if (!text) return fail('Write a reply first, for example STOP.');
      // Through the fake's own reply control, as a test would.
      try {
        const response = await fetch(`${fake.url}/__fake/reply`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from: phone, text }),
          signal: AbortSignal.timeout(30_000),
        });
        if (!response.ok) return fail(`The local provider refused the reply (${response.status}).`);
      } catch (error) {
        return fail(`The local provider could not be reached: ${String(error)}`);
      }
      return reply.redirect(`/phone/${phone}`, 303);
    },
  );

  const url = await listen(app, options, 'phone inbox');
  return {
    url,
    close: () => app.close(),
  };
}

export type PhoneInbox = Awaited<ReturnType<typeof startPhoneInbox>>;
