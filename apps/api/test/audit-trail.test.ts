import { inflateSync } from 'node:zlib';
import { todayIn } from '@schoolledger/domain';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '../src/db/schema.js';
import { recordAudit } from '../src/modules/audit/audit.queries.js';
import { demoEmail, login, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

interface Entry {
  id: string;
  schoolId: string | null;
  actor: { id: string; name: string } | null;
  action: string;
  module: string;
  entityId: string | null;
  category: string;
  severity: string;
  summary: string;
  hash: string;
  prevHash: string;
}

/** Every PDF stream, inflated where it is compressed, as text. */
function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
  }
  return streams;
}

describe('the audit trail, read by those who may and only within their schools', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let payment: { _id: string; receiptNo: string; trx_ref: string };
  let bursarId: string;

  const trail = async (who: string, query: string) => {
    const response = await call(t, who, 'GET', `/audit/logs?${query}`);
    return { response, body: response.json() as { data: { entries: Entry[]; pagination: { total: number } } } };
  };

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const fee = await approvedFee(t, ids.school, ids.term, '5000');
    payment = await payCash(t, ids.student, fee, '1500', 'bursar');
    const second = await approvedFee(t, ids.school, ids.term, '2000');
    await payCash(t, ids.student, second, '2000', 'bursar');
    await approvedFee(t, ids.secondSchool, ids.secondTerm, '3000');
    const [bursar] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('bursar')));
    bursarId = bursar!.id;
    await recordAudit(
      t.ctx.db,
      { userId: null, ip: null, userAgent: null },
      { action: 'update', entity: 'class_arm', entityId: null, schoolId: ids.school, after: { capacity: 45 } },
    );
  });

  it("finds the bursar's cash payment by its receipt, told as a sentence, filed as financial", async () => {
    const { response, body } = await trail('auditor', `search=${payment.receiptNo}&category=financial`);
    expect(response.statusCode, response.body).toBe(200);
    expect(body.data.entries).toHaveLength(1);
    const [entry] = body.data.entries;
    expect(entry).toMatchObject({
      action: 'payment.credit',
      module: 'payment',
      entityId: payment._id,
      category: 'financial',
      schoolId: ids.school,
      summary: `Bursar Adaeze recorded a cash payment of ₦1,500.00, receipt ${payment.receiptNo}`,
      actor: { id: bursarId, name: 'Adaeze Eze' },
    });
    expect(entry!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry!.prevHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.pagination.total).toBe(1);

    const detail = await call(t, 'auditor', 'GET', `/audit/logs/${entry!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    // Stored in kobo, shown in naira.
    expect(detail.json().data.after).toMatchObject({
      amount: '₦1,500.00',
      receiptNo: payment.receiptNo,
      source: 'cash_desk',
    });
    // Cash is written already credited: there was no payment before it.
    expect(detail.json().data.before).toBeNull();
  });

  it("keeps one school's entries from another school's principal: absent from lists, 404 on detail and on the bursar", async () => {
    const own = await trail('auditor', `search=${payment.receiptNo}`);
    const entryId = own.body.data.entries[0]!.id;

    const other = await trail('principal2', `search=${payment.receiptNo}`);
    expect(other.response.statusCode, other.response.body).toBe(200);
    expect(other.body.data.entries).toEqual([]);
    expect(other.body.data.pagination.total).toBe(0);

    const everything = await trail('principal2', 'limit=100');
    expect(everything.response.statusCode).toBe(200);
    expect(everything.body.data.entries.length).toBeGreaterThan(0);
    expect(everything.body.data.entries.filter((entry) => entry.schoolId !== ids.secondSchool)).toEqual([]);

    const detail = await call(t, 'principal2', 'GET', `/audit/logs/${entryId}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });

    const activities = await call(t, 'principal2', 'GET', `/audit/users/${bursarId}/activities`);
    expect(activities.statusCode).toBe(404);
    expect(activities.json().success).toBe(false);

    const schoolFilter = await trail('principal2', `schoolId=${ids.school}`);
    expect(schoolFilter.response.statusCode).toBe(404);

    const exported = await call(t, 'principal2', 'GET', `/audit/logs/export?format=csv&search=${payment.receiptNo}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = parse(exported.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(1);
    expect(exported.body).not.toContain(payment._id);
  });

  it('shows entries about no school to the super-admin only', async () => {
    await recordAudit(
      t.ctx.db,
      { userId: null, ip: '10.0.0.9', userAgent: 'test' },
      { action: 'update', entity: 'email_settings', entityId: null, schoolId: null, after: { host: 'smtp.example' } },
    );
    const [platform] = await t.ctx.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.chain, 'platform'), eq(auditLogs.entity, 'email_settings')));

    const admin = await call(t, 'admin', 'GET', `/audit/logs/${platform!.id}`);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data).toMatchObject({ chain: 'platform', schoolId: null, ipAddress: '10.0.0.9', actor: null });

    for (const who of ['proprietor', 'auditor']) {
      const response = await call(t, who, 'GET', `/audit/logs/${platform!.id}`);
      expect(response.statusCode, who).toBe(404);
    }
    const proprietor = await trail('proprietor', 'module=email_settings');
    expect(proprietor.response.statusCode).toBe(200);
    expect(proprietor.body.data.entries.filter((entry) => entry.schoolId === null)).toEqual([]);
  });

  it('narrows by category, severity, module, person and dates, and pages with the right totals', async () => {
    const all = await trail('auditor', 'limit=100');
    const total = all.body.data.pagination.total;
    expect(total).toBeGreaterThan(3);

    const financial = await trail('auditor', 'category=financial&limit=100');
    expect(financial.body.data.entries.length).toBeGreaterThan(0);
    expect(financial.body.data.pagination.total).toBeLessThan(total);
    expect(new Set(financial.body.data.entries.map((entry) => entry.category))).toEqual(new Set(['financial']));

    const byModule = await trail('auditor', 'module=fee&limit=100');
    expect(byModule.body.data.entries.length).toBeGreaterThan(0);
    expect(new Set(byModule.body.data.entries.map((entry) => entry.module))).toEqual(new Set(['fee']));

    const byPerson = await trail('auditor', `userId=${bursarId}&limit=100`);
    expect(byPerson.body.data.entries.length).toBeGreaterThan(0);
    expect(new Set(byPerson.body.data.entries.map((entry) => entry.actor?.id))).toEqual(new Set([bursarId]));

    const severity = await trail('auditor', 'severity=medium&limit=100');
    expect(severity.body.data.entries.length).toBeGreaterThan(0);
    expect(new Set(severity.body.data.entries.map((entry) => entry.severity))).toEqual(new Set(['medium']));

    const today = todayIn('Africa/Lagos', new Date());
    const upToYesterday = await trail('auditor', `search=${payment.receiptNo}&to=2000-01-01`);
    expect(upToYesterday.body.data.pagination.total).toBe(0);
    const todayOnly = await trail('auditor', `search=${payment.receiptNo}&from=${today}&to=${today}`);
    expect(todayOnly.body.data.pagination.total).toBe(1);

    const first = await trail('auditor', 'limit=2&page=1');
    const second = await trail('auditor', 'limit=2&page=2');
    expect(first.body.data.entries).toHaveLength(2);
    expect(second.body.data.entries).toHaveLength(2);
    expect(first.body.data.pagination).toMatchObject({ total, totalPages: Math.ceil(total / 2) });
    const firstIds = first.body.data.entries.map((entry) => entry.id);
    expect(second.body.data.entries.filter((entry) => firstIds.includes(entry.id))).toEqual([]);

    expect(all.response.json().data.modules).toEqual(expect.arrayContaining(['payment', 'fee']));
  });

  it('refuses bursars, parents and the ICT administrator, and names the field of a bad filter', async () => {
    for (const who of ['bursar', 'parent', 'ict', 'student']) {
      const response = await call(t, who, 'GET', '/audit/logs');
      expect(response.statusCode, who).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN', data: null });
    }
    const bad = await call(t, 'auditor', 'GET', '/audit/logs?category=everything&limit=5000');
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json().errors as { field: string }[]).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['category', 'limit']));

    const backwards = await call(t, 'auditor', 'GET', '/audit/logs?from=2026-05-02&to=2026-05-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual([
      { field: 'to', message: 'The end date must be on or after the start date' },
    ]);

    const yearZero = await call(t, 'auditor', 'GET', '/audit/security/failed-logins?from=0000-01-01');
    expect(yearZero.statusCode).toBe(422);
    expect(yearZero.json().errors).toEqual([{ field: 'from', message: 'Use a date after 1900' }]);

    const badFormat = await call(t, 'auditor', 'GET', '/audit/logs/export?format=docx');
    expect(badFormat.statusCode).toBe(422);
    expect(badFormat.json().errors[0].field).toBe('format');
  });

  it('exports the filtered trail as CSV, Excel with real numbers, and PDF with the naira sign, and records the export', async () => {
    const query = `search=${payment.receiptNo}&category=financial`;
    const csv = await call(t, 'auditor', 'GET', `/audit/logs/export?format=csv&${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Record id': payment._id,
      Action: 'payment.credit',
      'What happened': `Bursar Adaeze recorded a cash payment of ₦1,500.00, receipt ${payment.receiptNo}`,
      'Amount recorded (₦)': '1500.00',
      Person: 'Adaeze Eze',
    });

    const xlsx = await call(t, 'auditor', 'GET', `/audit/logs/export?format=xlsx&${query}`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Audit trail');
    let headerRow = 0;
    sheet.eachRow((row, number) => {
      if (row.getCell(1).value === 'Time (Lagos)') headerRow = number;
    });
    expect(headerRow).toBeGreaterThan(1);
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    const amountColumn = headers.indexOf('Amount recorded (₦)') + 1;
    const amountCell = sheet.getRow(headerRow + 1).getCell(amountColumn);
    expect(amountCell.value).toBe(1500);
    expect(amountCell.numFmt).toContain('₦');
    expect(sheet.getRow(headerRow + 1).getCell(1).value).toBeInstanceOf(Date);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });

    const pdf = await call(t, 'auditor', 'GET', `/audit/logs/export?format=pdf&${query}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const streams = pdfStreams(pdf.rawPayload);
    expect(pdf.rawPayload.toString('latin1')).toContain('DejaVuSans');
    // The embedded font's ToUnicode map names U+20A6: the naira sign was drawn with a glyph of its own.
    expect(streams.some((stream) => /<20a6>/i.test(stream))).toBe(true);

    const exports = await trail('auditor', 'module=audit_log&limit=10');
    expect(exports.body.data.entries.length).toBeGreaterThanOrEqual(3);
    const detail = await call(t, 'auditor', 'GET', `/audit/logs/${exports.body.data.entries[0]!.id}`);
    expect(detail.json().data).toMatchObject({
      action: 'export',
      module: 'audit_log',
      after: { format: 'pdf', rows: 1, filters: { search: payment.receiptNo, category: 'financial' } },
    });
  });

  it('lists people with their activity, and one person’s entries', async () => {
    const people = await call(t, 'auditor', 'GET', '/audit/users?search=Adaeze');
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().data.users).toEqual([
      expect.objectContaining({ id: bursarId, name: 'Adaeze Eze', roles: ['Bursar'] }),
    ]);
    expect(people.json().data.users[0].activityCount).toBeGreaterThan(0);

    const students = await call(t, 'auditor', 'GET', '/audit/users?limit=100');
    const listed = students.json().data.users as { roles: string[]; activityCount: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((user) => user.roles.includes('Student') && user.activityCount === 0)).toEqual([]);

    const activities = await call(t, 'auditor', 'GET', `/audit/users/${bursarId}/activities`);
    expect(activities.statusCode, activities.body).toBe(200);
    const entries = activities.json().data.entries as Entry[];
    expect(entries.map((entry) => entry.entityId)).toContain(payment._id);
    expect(new Set(entries.map((entry) => entry.actor?.id))).toEqual(new Set([bursarId]));
  });

  it('lists the money events with a summary per action in naira', async () => {
    const response = await call(t, 'auditor', 'GET', '/audit/financial/transactions?action=payment.credit&limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as {
      entries: (Entry & { amount: number | null })[];
      summary: { count: number; byAction: { action: string; count: number; amount: number }[] };
    };
    expect(data.entries.find((entry) => entry.entityId === payment._id)).toMatchObject({ amount: 1500 });
    expect(data.summary.byAction).toHaveLength(1);
    const credits = data.summary.byAction[0]!;
    expect(credits.action).toBe('payment.credit');
    expect(credits.count).toBe(data.summary.count);
    expect(credits.amount).toBe(data.entries.reduce((sum, entry) => sum + (entry.amount ?? 0), 0));

    const other = await call(t, 'principal2', 'GET', '/audit/financial/transactions?limit=100');
    expect(other.statusCode).toBe(200);
    expect((other.json().data.entries as Entry[]).filter((entry) => entry.entityId === payment._id)).toEqual([]);
  });

  it('lists failed sign-ins with address and browser, and security events, within the school', async () => {
    const failed = await login(t, demoEmail('auditor'), 'not-the-password');
    expect(failed.statusCode).toBe(401);
    const response = await call(t, 'auditor', 'GET', '/audit/security/failed-logins');
    expect(response.statusCode, response.body).toBe(200);
    const attempts = response.json().data.attempts as { email: string; reason: string; ipAddress: string }[];
    expect(attempts).toContainEqual(
      expect.objectContaining({ email: demoEmail('auditor'), reason: 'bad_password', ipAddress: '127.0.0.1' }),
    );
    const other = await call(t, 'principal2', 'GET', '/audit/security/failed-logins');
    expect(other.statusCode).toBe(200);
    expect(
      (other.json().data.attempts as { email: string }[]).filter((attempt) => attempt.email === demoEmail('auditor')),
    ).toEqual([]);

    await recordAudit(
      t.ctx.db,
      { userId: bursarId, ip: null, userAgent: null },
      { action: 'password_changed', entity: 'user', entityId: bursarId, schoolId: ids.school },
    );
    const events = await call(t, 'auditor', 'GET', '/audit/security/events');
    expect(events.statusCode, events.body).toBe(200);
    const securityEntries = events.json().data.entries as Entry[];
    expect(securityEntries.map((entry) => entry.summary)).toContain('Bursar Adaeze changed their password');
    expect(new Set(securityEntries.map((entry) => entry.category))).toEqual(new Set(['security']));
  });

  it('generates an audit report as a file and lists it among the recent ones', async () => {
    const response = await call(t, 'auditor', 'POST', '/audit/generate-report', {
      kind: 'financial',
      format: 'csv',
      from: todayIn('Africa/Lagos', new Date()),
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row['Record id'])).toContain(payment._id);

    const reports = await call(t, 'auditor', 'GET', '/audit/reports');
    expect(reports.statusCode).toBe(200);
    expect(reports.json().data.kinds.map((kind: { kind: string }) => kind.kind)).toEqual([
      'trail',
      'financial',
      'security',
      'failed_logins',
      'user_activity',
    ]);
    expect(reports.json().data.recent[0]).toMatchObject({
      kind: 'financial',
      format: 'csv',
      rows: rows.length,
      generatedBy: 'Tunde Bakare',
    });

    const elsewhere = await call(t, 'principal2', 'GET', '/audit/reports');
    expect(elsewhere.json().data.recent).toEqual([]);

    const people = await call(t, 'auditor', 'POST', '/audit/generate-report', { kind: 'user_activity', format: 'pdf' });
    expect(people.statusCode).toBe(200);
    expect(people.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const bad = await call(t, 'auditor', 'POST', '/audit/generate-report', { kind: 'everything', format: 'csv' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('kind');
  });
});
