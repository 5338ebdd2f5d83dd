import {
  announcementSms,
  estimateMessageCost,
  formatKobo,
  MESSAGE_NOTICE_KINDS,
  type MessageChannel,
  type MessageNoticeKind,
  type NotificationKind,
  quietHoursHold,
  RECEIPT_KINDS,
  receiptSms,
  reminderSms,
  smsEncoding,
  transferConfirmedSms,
} from '@schoolledger/domain';
import type { AppConfig } from '../../config.js';
import { newLinkToken, receiptLinkOf } from './links.js';
import type { SchoolMessaging } from './messaging-settings.queries.js';
import type { QueuedMessage } from './outbox.queries.js';
import { type TemplateMessage, templateText } from './whatsapp-templates.js';

/**
 * What a notice says on a phone, as facts the words are made from here (one place for the
 * wording of every SMS and WhatsApp message). A person's reminders of one day are one message
 * naming each child, so the family reads (and the school pays for) one.
 */
export type PhoneWords =
  | {
      type: 'receipt';
      /** A bank transfer the bursary confirmed, rather than money taken. */
      transfer: boolean;
      paymentId: string;
      studentName: string;
      amountKobo: bigint;
      receiptNo: string;
    }
  | { type: 'reminder'; day: string; studentName: string; owedKobo: bigint; dueDate: string }
  /** A school's announcement; `key` names it (the same for everyone it went to). */
  | { type: 'announcement'; key: string; title: string; message: string };

/** A person a phone message may reach: their verified number and the channels they agreed to at it. */
export interface PhoneRecipient {
  id: string;
  schoolId: string | null;
  schoolName: string | null;
  /** The number they confirmed, 234…; null while unconfirmed. */
  phone: string | null;
  channels: readonly MessageChannel[];
}

export interface PhoneEntry {
  recipient: PhoneRecipient;
  kind: NotificationKind;
  /** The school the notice is about, whose settings and budget it uses. */
  schoolId: string | null;
  words: PhoneWords;
}

const isPhoneKind = (kind: NotificationKind): kind is MessageNoticeKind =>
  (MESSAGE_NOTICE_KINDS as readonly string[]).includes(kind);

/** Where a reminder's "Pay:" link goes: the family's fees, after signing in. */
const feesLinkOf = (config: Pick<AppConfig, 'appUrl'>) => `${config.appUrl.replace(/\/+$/, '')}/student/fees`;

/**
 * The outbox rows of notices' phone messages: for each person, on each channel their school sends
 * this kind on and they agreed to at their confirmed number, one message per notice (a day's
 * reminders to one person are one). A WhatsApp message carries the SMS to send instead where
 * WhatsApp cannot deliver and the person agreed to SMS too; the school's quiet hours hold all but
 * receipts until morning.
 */
export function composePhoneMessages({
  config,
  now,
  entries,
  settingsOf,
}: {
  config: Pick<AppConfig, 'appUrl'>;
  now: Date;
  entries: readonly PhoneEntry[];
  settingsOf: (schoolId: string | null, personSchoolId: string | null) => SchoolMessaging;
}): QueuedMessage[] {
  const groups = new Map<
    string,
    { first: PhoneEntry; children: { name: string; balanceKobo: bigint; dueDate: string }[] }
  >();
  for (const entry of entries) {
    const { recipient, kind, words } = entry;
    if (!recipient.phone || recipient.channels.length === 0 || !isPhoneKind(kind)) continue;
    const key = `${recipient.id}:${noticeKeyOf(words)}`;
    const group = groups.get(key) ?? { first: entry, children: [] };
    if (words.type === 'reminder') {
      group.children.push({ name: words.studentName, balanceKobo: words.owedKobo, dueDate: words.dueDate });
    }
    groups.set(key, group);
  }

  const messages: QueuedMessage[] = [];
  for (const { first, children } of groups.values()) {
    const { recipient, words } = first;
    // Grouped above only with a confirmed number.
    const toAddress = recipient.phone!;
    const kind = first.kind as MessageNoticeKind;
    const schoolId = first.schoolId ?? recipient.schoolId;
    const settings = settingsOf(schoolId, recipient.schoolId);
    const chosen = recipient.channels.filter((channel) => settings.channels[kind][channel]);
    if (chosen.length === 0) continue;
    const schoolName = recipient.schoolName ?? 'Your school';
    const linkToken = words.type === 'receipt' ? newLinkToken() : null;
    const link = linkToken ? receiptLinkOf(config, linkToken) : feesLinkOf(config);
    const sms =
      words.type === 'receipt'
        ? (words.transfer ? transferConfirmedSms : receiptSms)({
            schoolName,
            studentName: words.studentName,
            amountKobo: words.amountKobo,
            receiptNo: words.receiptNo,
            link,
          })
        : words.type === 'announcement'
          ? announcementSms({ schoolName, title: words.title, message: words.message })
          : reminderSms({ schoolName, children, dueDate: earliest(children.map((child) => child.dueDate)), link });
    const hold = RECEIPT_KINDS.includes(kind) ? null : quietHoursHold(now, settings.quietHours);
    const common = {
      schoolId,
      userId: recipient.id,
      kind,
      noticeKey: noticeKeyOf(words),
      toAddress,
      linkToken,
      paymentId: words.type === 'receipt' ? words.paymentId : null,
      status: hold ? ('held' as const) : ('queued' as const),
      nextAttemptAt: (hold ?? now).toISOString(),
    };
    for (const channel of chosen) {
      if (channel === 'sms') {
        const pages = smsEncoding(sms).pages;
        messages.push({
          ...common,
          channel,
          body: sms,
          template: null,
          fallbackBody: null,
          pages,
          estimatedCostKobo: estimateMessageCost({ channel, pages }).toString(),
        });
      } else {
        const template = templateOf(words, schoolName, children, link);
        messages.push({
          ...common,
          channel,
          body: templateText(template),
          template,
          // Where SMS is chosen as well it goes anyway; otherwise it stands by for WhatsApp's refusal.
          fallbackBody: chosen.includes('sms') || !recipient.channels.includes('sms') ? null : sms,
          pages: 1,
          estimatedCostKobo: estimateMessageCost({ channel, pages: 1 }).toString(),
        });
      }
    }
  }
  return messages;
}

/** Names the notice in the outbox: a payment's receipt once, a person's reminders once a day. */
function noticeKeyOf(words: PhoneWords): string {
  if (words.type === 'receipt') return `receipt:${words.paymentId}`;
  return words.type === 'announcement' ? `announcement:${words.key}` : `reminder:${words.day}`;
}

const earliest = (dates: readonly string[]) => dates.reduce((a, b) => (b < a ? b : a));

/** The WhatsApp template of a notice; the naira sign costs nothing here, unlike in an SMS. */
function templateOf(
  words: PhoneWords,
  schoolName: string,
  children: readonly { name: string; balanceKobo: bigint }[],
  link: string,
): TemplateMessage {
  if (words.type === 'receipt') {
    return {
      name: words.transfer ? 'transfer_confirmed' : 'fee_receipt',
      params: [schoolName, formatKobo(words.amountKobo), words.studentName, words.receiptNo],
      document: { filename: `Receipt ${words.receiptNo}.pdf` },
    };
  }
  if (words.type === 'announcement') {
    // Meta refuses line breaks and long runs of spaces in a parameter.
    const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
    return {
      name: 'school_notice',
      params: [schoolName, oneLine(words.title), oneLine(words.message)],
      document: null,
    };
  }
  const total = children.reduce((sum, child) => sum + child.balanceKobo, 0n);
  const each = children.map((child) => `${child.name} ${formatKobo(child.balanceKobo)}`).join(', ');
  const owed =
    children.length === 1
      ? `${formatKobo(total)} in fees is outstanding for ${children[0]!.name}.`
      : `fees are outstanding for ${each} (total ${formatKobo(total)}).`;
  return { name: 'fee_reminder', params: [schoolName, owed, link], document: null };
}
