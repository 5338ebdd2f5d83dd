import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fees, users } from '../src/db/schema.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { useTestApp } from './helper.js';
import { approvedFee, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP's list, and the full-width forms). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const STUDENT_FIRST = '=HYPERLINK("http://evil.example/pay","Pay here")';
const FEE_NAME = "-2+3+cmd|' /C calc'!A0";

/** Every record of a CSV we hand out, after checking it opens with the byte-order mark. */
function recordsOf(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

/** Cells a spreadsheet would run: those starting like a formula that are not plain figures (a negative amount). */
const runnable = (records: string[][]) =>
  records.flat().filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell));

/**
 * Names already in the database that start like formulas (written before any name rule, or by an
 * import) reach every CSV the product hands out as text, never as something a spreadsheet runs.
 */
describe('every CSV export neutralises cells that start like a formula', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let studentName = '';

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const [student] = await t.ctx.db
      .update(users)
      .set({ firstname: STUDENT_FIRST, middlename: null })
      .where(eq(users.id, ids.student))
      .returning();
    studentName = `${STUDENT_FIRST} ${student!.lastname}`;
    const feeId = await approvedFee(t, ids.school, ids.term, '5000');
    await t.ctx.db.update(fees).set({ name: FEE_NAME }).where(eq(fees.id, feeId));
    await payCash(t, ids.student, feeId, '2000');
  });

  const get = async (who: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('students.csv, and the students workbook holds the name as a string cell, never a formula', async () => {
    const records = recordsOf((await get('admin', `/students/export?school_id=${ids.school}&format=csv`)).body);
    expect(records.map((record) => record[0])).toContain(`'${STUDENT_FIRST}`);
    expect(runnable(records)).toEqual([]);

    const xlsx = await get('admin', `/students/export?school_id=${ids.school}&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const names: ExcelJS.Cell[] = [];
    workbook.worksheets[0]!.getColumn(1).eachCell((cell) => {
      if (cell.text === STUDENT_FIRST) names.push(cell);
    });
    expect(names.map((cell) => cell.type)).toEqual([ExcelJS.ValueType.String]);
  });

  it('the outstanding fees export', async () => {
    const response = await get('bursar', `/bursar/outstanding-fees-report/export?term_id=${ids.term}`);
    const records = recordsOf(response.body);
    expect(records.find((record) => record[0] === `'${studentName}`)).toBeDefined();
    expect(runnable(records)).toEqual([]);
  });

  it("the auditor's term pack: ledger, receipts index and fee approvals", async () => {
    const response = await get('auditor', `/audit/term-pack?schoolId=${ids.school}&termId=${ids.term}`);
    const unzipped = unzipSync(new Uint8Array(response.rawPayload));
    // Read as bytes: a TextDecoder would drop the byte-order mark this checks for.
    const file = (name: string) => Buffer.from(unzipped[name]!).toString('utf8');
    const ledger = recordsOf(file('ledger.csv'));
    const [header, ...rows] = ledger;
    const column = (name: string) => header!.indexOf(name);
    const payment = rows.find((row) => row[column('Fee')] === `'${FEE_NAME}`);
    expect(payment?.[column('Student')]).toBe(`'${studentName}`);
    expect(payment?.[column('Amount (NGN)')]).toBe('2000.00');
    const receipts = recordsOf(file('receipts-index.csv'));
    expect(receipts.some((row) => row.includes(`'${studentName}`) && row.includes(`'${FEE_NAME}`))).toBe(true);
    const approvals = recordsOf(file('fee-approvals.csv'));
    expect(approvals.map((row) => row[0])).toContain(`'${FEE_NAME}`);
    for (const name of ['ledger.csv', 'receipts-index.csv', 'fee-approvals.csv', 'reconciliation-exceptions.csv']) {
      expect(runnable(recordsOf(file(name))), name).toEqual([]);
    }
  });

  it('a report made as CSV', async () => {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports/runs',
      headers: await t.as('bursar'),
      payload: { report: 'debtors', format: 'csv', filters: { termId: ids.term } },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    await generateReportRun(t.ctx, queued.json().data.id);
    const file = await get('bursar', `/reports/runs/${queued.json().data.id}/file`);
    const records = recordsOf(file.body);
    expect(records.flat()).toContain(`'${studentName}`);
    expect(runnable(records)).toEqual([]);
  });
});
