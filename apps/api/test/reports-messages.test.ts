import { randomUUID } from 'node:crypto';
import type { ReportPreview } from '@schoolledger/domain';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, users } from '../src/db/schema.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { aSchool } from './builders.js';
import { insertUser, useTestApp } from './helper.js';
import { bursarOf, call } from './payments-support.js';
import { pdfText } from './pdf-text.js';

type Who = string | { authorization: string };
type Row = ReportPreview['sections'][number]['rows'][number];

const HOSTILE_NAME = '=HYPERLINK("http://evil.example/pay","Pay here")';
const HOSTILE_REASON = "+cmd|' /C calc'!A0";
const BUDGET = "The school's monthly SMS budget is spent";
const WITHDREW = 'The person withdrew their agreement before it was sent';
const DND = 'The number is on Do-Not-Disturb';
/** What a spreadsheet runs as a formula when a cell starts with it (as csv-exports.test.ts). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * "Messages to families" on a school of its own (nothing seeded in it), its messages written
 * straight into the outbox in March and April 2026 (and just outside them). Every figure below is
 * counted by hand from the rows listed in `beforeAll`.
 */
describe('the messages to families report', () => {
  const t = useTestApp();
  const ids = { school: '', sibling: '', ngozi: '', hostile: '' };
  let bursar: { authorization: string };
  let schoolName = '';
  const MARCH_APRIL = { from: '2026-03-01', to: '2026-04-30' };

  interface Message {
    channel: 'sms' | 'whatsapp';
    status: (typeof messageOutbox.$inferInsert)['status'];
    at: string;
    userId?: string | null;
    reason?: string;
    code?: string;
    /** Taken by the provider: sent at `at`, costing `cost` (the estimate unless a report said otherwise). */
    taken?: boolean;
    estimate?: bigint;
    cost?: bigint;
    schoolId?: string;
    kind?: string;
  }

  async function write(messages: Message[]) {
    await t.ctx.db.insert(messageOutbox).values(
      messages.map((message) => {
        const estimate = message.estimate ?? (message.channel === 'sms' ? 700n : 1_100n);
        return {
          schoolId: message.schoolId ?? ids.school,
          userId: message.userId === undefined ? ids.ngozi : message.userId,
          channel: message.channel,
          kind: message.kind ?? 'payment_reminder',
          noticeKey: `report:${randomUUID()}`,
          toAddress: message.userId === ids.hostile ? '2348097776666' : '2348031112222',
          body: 'Reminder: school fees are due on Friday.',
          status: message.status,
          statusReason: message.reason ?? null,
          errorCode: message.code ?? null,
          estimatedCostKobo: estimate,
          costKobo: message.taken ? (message.cost ?? estimate) : null,
          sentAt: message.taken ? new Date(message.at) : null,
          failedAt: message.status === 'failed' ? new Date(message.at) : null,
          createdAt: new Date(message.at),
        };
      }),
    );
  }

  async function preview(who: Who, filters: object) {
    const response = await call(t, who, 'POST', '/reports/preview', { report: 'messages', filters });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ReportPreview;
  }

  const sectionOf = (report: ReportPreview, title: string) => {
    const section = report.sections.find((candidate) => candidate.title === title);
    expect(section, title).toBeDefined();
    return section!;
  };

  async function generate(who: Who, format: 'csv' | 'xlsx' | 'pdf', filters: object) {
    const queued = await call(t, who, 'POST', '/reports/runs', { report: 'messages', format, filters });
    expect(queued.statusCode, queued.body).toBe(202);
    const runId = queued.json().data.id as string;
    await generateReportRun(t.ctx, runId);
    const file = await t.app.inject({
      url: `/api/v1/reports/runs/${runId}/file`,
      headers: typeof who === 'string' ? await t.as(who) : who,
    });
    expect(file.statusCode, file.body).toBe(200);
    return file;
  }

  beforeAll(async () => {
    const school = await aSchool(t, { name: 'Messages Report Academy' });
    const sibling = await aSchool(t, { name: 'Messages Report Sibling' });
    ids.school = school.id;
    ids.sibling = sibling.id;
    schoolName = school.name;
    bursar = await bursarOf(t, school.id);
    const parent = async (firstname: string, lastname: string) => {
      const row = await insertUser(t, {
        email: `parent-${randomUUID().slice(0, 8)}@example.test`,
        roles: ['Parent'],
        schoolId: school.id,
      });
      await t.ctx.db.update(users).set({ firstname, middlename: null, lastname }).where(eq(users.id, row.id));
      return row.id;
    };
    ids.ngozi = await parent('Ngozi', 'Eze');
    ids.hostile = await parent(HOSTILE_NAME, 'Obi');

    const march = '2026-03-15T10:00:00Z';
    await write([
      // March, SMS: 10 messages. Two delivered (the provider charged ₦6.50 each), one sent with no
      // report yet, five failed, one skipped for the budget and one for a withdrawn agreement.
      { channel: 'sms', status: 'delivered', at: march, taken: true, cost: 650n },
      { channel: 'sms', status: 'delivered', at: march, taken: true, cost: 650n },
      { channel: 'sms', status: 'sent', at: march, taken: true },
      { channel: 'sms', status: 'failed', at: '2026-03-02T08:00:00Z', taken: true, reason: DND, code: 'DND' },
      { channel: 'sms', status: 'failed', at: '2026-03-20T08:00:00Z', taken: true, reason: DND, code: 'DND' },
      { channel: 'sms', status: 'failed', at: '2026-03-21T08:00:00Z', taken: true, reason: 'Blocked by operator' },
      // Refused when sent: the provider never took them, so they cost nothing.
      { channel: 'sms', status: 'failed', at: '2026-03-22T08:00:00Z', reason: 'Invalid number', userId: null },
      { channel: 'sms', status: 'failed', at: '2026-03-23T08:00:00Z', reason: 'Network timeout' },
      { channel: 'sms', status: 'skipped', at: march, reason: BUDGET },
      { channel: 'sms', status: 'skipped', at: march, reason: WITHDREW },
      // March, WhatsApp: 3 messages; one read (₦9.00 by the provider's report), one delivered, one failed.
      { channel: 'whatsapp', status: 'read', at: march, taken: true, cost: 900n, kind: 'payment_succeeded' },
      { channel: 'whatsapp', status: 'delivered', at: march, taken: true, kind: 'payment_succeeded' },
      {
        channel: 'whatsapp',
        status: 'failed',
        at: '2026-03-25T09:00:00Z',
        taken: true,
        reason: HOSTILE_REASON,
        code: '131026',
        userId: ids.hostile,
        kind: 'payment_succeeded',
      },
      // 23:30 on 31 March in UTC is 00:30 on 1 April in Lagos: April's. A 2-page SMS, failed, and two waiting.
      { channel: 'sms', status: 'failed', at: '2026-03-31T23:30:00Z', taken: true, estimate: 1_400n, reason: DND },
      { channel: 'sms', status: 'queued', at: '2026-04-10T08:00:00Z' },
      { channel: 'sms', status: 'held', at: '2026-04-10T08:00:00Z' },
      // Outside 1 March to 30 April in Lagos: 23:00 on 28 February, and 00:30 on 1 May.
      { channel: 'sms', status: 'failed', at: '2026-02-28T22:00:00Z', reason: DND },
      { channel: 'sms', status: 'failed', at: '2026-04-30T23:30:00Z', reason: DND },
      // The sibling school's failure, within the dates.
      { channel: 'sms', status: 'failed', at: march, reason: 'Sibling failure', schoolId: sibling.id, userId: null },
    ]);
  });

  it('counts each month and channel as a reader checks them, with the totals and both costs', async () => {
    const report = await preview(bursar, MARCH_APRIL);
    expect(report.title).toBe('Messages to families');
    expect(report.organisation).toBe(schoolName);
    const months = sectionOf(report, 'By month and channel');
    // One school: no School column.
    expect(months.columns.map((column) => column.key)).not.toContain('school');
    expect(months.rows).toEqual([
      {
        month: 'March 2026',
        channel: 'SMS',
        messages: 10,
        delivered: 2,
        read: 0,
        sent: 1,
        failed: 5,
        skippedBudget: 1,
        skippedConsent: 1,
        waiting: 0,
        // Six taken at ₦7.00 estimated; two of them reported at ₦6.50.
        estimated: 42,
        reported: 41,
      },
      {
        month: 'March 2026',
        channel: 'WhatsApp',
        messages: 3,
        delivered: 2,
        read: 1,
        sent: 0,
        failed: 1,
        skippedBudget: 0,
        skippedConsent: 0,
        waiting: 0,
        estimated: 33,
        reported: 31,
      },
      {
        month: 'April 2026',
        channel: 'SMS',
        messages: 3,
        delivered: 0,
        read: 0,
        sent: 0,
        failed: 1,
        skippedBudget: 0,
        skippedConsent: 0,
        waiting: 2,
        estimated: 14,
        reported: 14,
      },
    ]);
    expect(months.totals).toMatchObject({
      messages: 16,
      delivered: 4,
      read: 1,
      sent: 1,
      failed: 7,
      skippedBudget: 1,
      skippedConsent: 1,
      waiting: 2,
      estimated: 89,
      reported: 86,
    });
  });

  it('gives the commonest reasons for failure, three at most per month and channel', async () => {
    const reasons = sectionOf(await preview(bursar, MARCH_APRIL), 'Top reasons for failure');
    expect(reasons.rows.map((row) => [row.month, row.channel, row.reason, row.messages])).toEqual([
      ['March 2026', 'SMS', DND, 2],
      ['March 2026', 'SMS', 'Blocked by operator', 1],
      ['March 2026', 'SMS', 'Invalid number', 1],
      ['March 2026', 'WhatsApp', HOSTILE_REASON, 1],
      ['April 2026', 'SMS', DND, 1],
    ]);
  });

  it('lists every failed message of the dates, oldest first, the number masked for a bursar', async () => {
    const failed = sectionOf(await preview(bursar, MARCH_APRIL), 'Failed messages');
    const rows = failed.rows.map(({ at, ...row }: Row) => ({ at: new Date(String(at)).toISOString(), ...row }));
    expect(rows).toEqual([
      {
        at: '2026-03-02T08:00:00.000Z',
        channel: 'SMS',
        kind: 'Reminders',
        recipient: 'Ngozi Eze',
        number: '0803 *** 2222',
        reason: DND,
        code: 'DND',
      },
      {
        at: '2026-03-20T08:00:00.000Z',
        channel: 'SMS',
        kind: 'Reminders',
        recipient: 'Ngozi Eze',
        number: '0803 *** 2222',
        reason: DND,
        code: 'DND',
      },
      {
        at: '2026-03-21T08:00:00.000Z',
        channel: 'SMS',
        kind: 'Reminders',
        recipient: 'Ngozi Eze',
        number: '0803 *** 2222',
        reason: 'Blocked by operator',
        code: null,
      },
      {
        at: '2026-03-22T08:00:00.000Z',
        channel: 'SMS',
        kind: 'Reminders',
        recipient: 'Unknown person',
        number: '0803 *** 2222',
        reason: 'Invalid number',
        code: null,
      },
      {
        at: '2026-03-23T08:00:00.000Z',
        channel: 'SMS',
        kind: 'Reminders',
        recipient: 'Ngozi Eze',
        number: '0803 *** 2222',
        reason: 'Network timeout',
        code: null,
      },
      {
        at: '2026-03-25T09:00:00.000Z',
        channel: 'WhatsApp',
        kind: 'Receipts',
        recipient: `${HOSTILE_NAME} Obi`,
        number: '0809 *** 6666',
        reason: HOSTILE_REASON,
        code: '131026',
      },
      {
        at: '2026-03-31T23:30:00.000Z',
        channel: 'SMS',
        kind: 'Reminders',
        recipient: 'Ngozi Eze',
        number: '0803 *** 2222',
        reason: DND,
        code: null,
      },
    ]);
    // As many failed messages as the months count.
    expect(failed.totalRows).toBe(7);
  });

  it('shows the numbers in full to those who may read them', async () => {
    const failed = sectionOf(await preview('admin', { ...MARCH_APRIL, schoolId: ids.school }), 'Failed messages');
    expect(new Set(failed.rows.map((row) => row.number))).toEqual(new Set(['0803 111 2222', '0809 777 6666']));
  });

  it('keeps to the caller’s schools: a bursar their own, a proprietor the group with a School column', async () => {
    const own = await preview(bursar, MARCH_APRIL);
    expect(JSON.stringify(own)).not.toContain('Sibling failure');
    const sibling = await call(t, bursar, 'POST', '/reports/preview', {
      report: 'messages',
      filters: { ...MARCH_APRIL, schoolId: ids.sibling },
    });
    expect(sibling.statusCode, sibling.body).toBe(404);

    const group = await preview('proprietor', MARCH_APRIL);
    const months = sectionOf(group, 'By month and channel');
    expect(months.columns[0]).toMatchObject({ key: 'school', header: 'School' });
    expect(months.rows.filter((row) => row.school === 'Messages Report Sibling')).toEqual([
      expect.objectContaining({ month: 'March 2026', channel: 'SMS', messages: 1, failed: 1 }),
    ]);
    expect(months.rows.filter((row) => row.school === schoolName)).toHaveLength(3);
  });

  it('is for those who may view messages', async () => {
    for (const who of ['parent', 'student', 'headteacher']) {
      const response = await call(t, who, 'POST', '/reports/preview', { report: 'messages', filters: MARCH_APRIL });
      expect(response.statusCode, `${who}: ${response.body}`).toBe(403);
    }
    const catalogue = await call(t, bursar, 'GET', '/reports/catalog');
    expect(catalogue.json().data.reports.map((report: { id: string }) => report.id)).toContain('messages');
  });

  it('writes CSV, Excel and PDF files whose cells never start a formula', async () => {
    const csv = (await generate(bursar, 'csv', MARCH_APRIL)).rawPayload.toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const records = parse(csv, { bom: true, relax_column_count: true }) as string[][];
    const header = records.findIndex((record) => record.includes('Recipient') && record.includes('Reason'));
    expect(header).toBeGreaterThan(-1);
    const failedRows = records.slice(header + 1, header + 8);
    const hostile = failedRows.find((record) => record.includes(`'${HOSTILE_NAME} Obi`));
    expect(hostile).toBeDefined();
    expect(hostile).toContain(`'${HOSTILE_REASON}`);
    expect(records.flat().filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell))).toEqual([]);
    // The month's costs as figures a spreadsheet sums.
    const march = records.find((record) => record[0] === 'March 2026' && record[1] === 'SMS');
    expect(march?.slice(-2)).toEqual(['42.00', '41.00']);

    const xlsx = await generate(bursar, 'xlsx', MARCH_APRIL);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Failed messages')!;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.text === `${HOSTILE_NAME} Obi` || cell.text === HOSTILE_REASON) cells.push(cell);
      }),
    );
    expect(cells.map((cell) => cell.type)).toEqual([ExcelJS.ValueType.String, ExcelJS.ValueType.String]);

    const pdf = pdfText((await generate(bursar, 'pdf', MARCH_APRIL)).rawPayload).replace(/\s+/g, ' ');
    expect(pdf).toContain('Messages to families');
    expect(pdf).toContain('Ngozi Eze');
    expect(pdf).toContain('0803 *** 2222');
    expect(pdf).not.toContain('0803 111 2222');
  });
});
