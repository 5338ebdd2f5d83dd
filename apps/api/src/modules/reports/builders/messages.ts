import {
  can,
  displayPhone,
  EXPORT_ROW_LIMIT,
  MESSAGE_NOTICE_KIND_LABELS,
  type MessageChannel,
  type MessageNoticeKind,
  maskedPhone,
} from '@schoolledger/domain';
import { exportTooLarge } from '../../../lib/errors.js';
import type { ReportBuilder } from '../report-definition.js';
import { countFailedMessages, failedMessages, messageMonths, topFailureReasons } from './messages.queries.js';
import { withSchoolColumn } from './school-column.js';

const CHANNEL_NAMES: Record<MessageChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };
/** The commonest reasons listed per school, month and channel. */
const TOP_REASONS = 3;

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** `2026-05` as "May 2026". */
const monthText = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

const kindText = (kind: string) =>
  kind === 'phone_code' ? 'Number confirmation code' : (MESSAGE_NOTICE_KIND_LABELS[kind as MessageNoticeKind] ?? kind);

/**
 * Messages to families: per school, Lagos month and channel, how many went, reached the phone,
 * were read, failed (and the commonest reasons why) or were skipped, and what they cost; then every
 * failed message with its recipient. Numbers are masked unless the reader may read them
 * (`messaging.phones`), as on the Deliveries tab.
 */
export const messagesReport: ReportBuilder = async (db, report) => {
  const failedCount = await countFailedMessages(db, report);
  if (failedCount > EXPORT_ROW_LIMIT) throw exportTooLarge(failedCount, 'failed messages');
  const [months, reasons, failed] = await Promise.all([
    messageMonths(db, report),
    topFailureReasons(db, report, TOP_REASONS),
    failedMessages(db, report),
  ]);
  const fullNumbers = can(report.auth.roles, 'messaging.phones');

  return {
    orientation: 'landscape',
    notes: [
      'Each message counts in the Lagos month it was created. Delivered counts every message that reached the phone, read ones included; Read is WhatsApp’s word that it was opened.',
      'Skipped (budget) messages were not sent because the school’s monthly budget for the channel was spent; Skipped (agreement) ones because the person withdrew their agreement, or was erased, before they went.',
      'Costs are of the messages the provider took: Estimated is what each was expected to cost when queued; Reported is the provider’s price where its report gave one, else the estimate made when sending.',
      ...(fullNumbers ? [] : ['Phone numbers are masked; administrators see them in full.']),
    ],
    sections: [
      {
        title: 'By month and channel',
        totals: true,
        columns: withSchoolColumn(report, [
          { key: 'month', header: 'Month', kind: 'text', width: 12 },
          { key: 'channel', header: 'Channel', kind: 'text', width: 9 },
          { key: 'messages', header: 'Messages', kind: 'number', total: true, width: 9 },
          { key: 'delivered', header: 'Delivered', kind: 'number', total: true, width: 9 },
          { key: 'read', header: 'Read', kind: 'number', total: true, width: 7 },
          { key: 'sent', header: 'Sent, no report yet', kind: 'number', total: true, width: 10 },
          { key: 'failed', header: 'Failed', kind: 'number', total: true, width: 7 },
          { key: 'skippedBudget', header: 'Skipped (budget)', kind: 'number', total: true, width: 9 },
          { key: 'skippedConsent', header: 'Skipped (agreement)', kind: 'number', total: true, width: 10 },
          { key: 'waiting', header: 'Waiting', kind: 'number', total: true, width: 8 },
          { key: 'estimated', header: 'Estimated cost', kind: 'money', total: true, width: 12 },
          { key: 'reported', header: 'Reported cost', kind: 'money', total: true, width: 12 },
        ]),
        rows: months.map((row) => ({
          school: row.school,
          month: monthText(row.month),
          channel: CHANNEL_NAMES[row.channel],
          messages: row.messages,
          delivered: row.delivered,
          read: row.read,
          sent: row.sent,
          failed: row.failed,
          skippedBudget: row.skipped_budget,
          skippedConsent: row.skipped_consent,
          waiting: row.waiting,
          estimated: BigInt(row.estimated),
          reported: BigInt(row.reported),
        })),
      },
      {
        title: 'Top reasons for failure',
        columns: withSchoolColumn(report, [
          { key: 'month', header: 'Month', kind: 'text', width: 12 },
          { key: 'channel', header: 'Channel', kind: 'text', width: 9 },
          { key: 'reason', header: 'Reason', kind: 'text', width: 40 },
          { key: 'messages', header: 'Failed', kind: 'number', width: 8 },
        ]),
        rows: reasons.map((row) => ({
          school: row.school,
          month: monthText(row.month),
          channel: CHANNEL_NAMES[row.channel],
          reason: row.reason,
          messages: row.messages,
        })),
      },
      {
        title: 'Failed messages',
        columns: withSchoolColumn(report, [
          { key: 'at', header: 'Date (Lagos)', kind: 'date', width: 15 },
          { key: 'channel', header: 'Channel', kind: 'text', width: 9 },
          { key: 'kind', header: 'Notice', kind: 'text', width: 14 },
          { key: 'recipient', header: 'Recipient', kind: 'text', width: 16 },
          { key: 'number', header: 'Number', kind: 'text', width: 13 },
          { key: 'reason', header: 'Reason', kind: 'text', width: 28 },
          { key: 'code', header: 'Code', kind: 'text', width: 8 },
        ]),
        rows: failed.map((row) => ({
          at: row.at,
          school: row.school,
          channel: CHANNEL_NAMES[row.channel],
          kind: kindText(row.kind),
          recipient: row.recipient || 'Unknown person',
          number: row.to_address === '' ? '' : fullNumbers ? displayPhone(row.to_address) : maskedPhone(row.to_address),
          reason: row.reason || 'No reason was given',
          code: row.error_code ?? '',
        })),
      },
    ],
  };
};
