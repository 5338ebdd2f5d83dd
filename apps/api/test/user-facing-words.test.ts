import {
  EXPORT_FORMATS,
  REPORT_IDS,
  REPORTS,
  type ReportFilters,
  type ReportId,
  type ReportPreview,
} from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { schools, users } from '../src/db/schema.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { demoEmail, FIRST_SCHOOL, useTestApp } from './helper.js';
import { pdfText } from './pdf-text.js';

/** Words of our own making (the product's specification and its section marks) that mean nothing to a school. */
const INTERNAL_WORDS = /\bSPEC\b|§/;

const OVERDUE_NOTE =
  'Days overdue count from the due date of the earliest fee still owed; a fee set without a due date is due 30 days before the term ends.';

/** Every word a reader of a spreadsheet sees: each cell of each sheet, in order. */
async function workbookText(file: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const lines: string[] = [];
  for (const sheet of workbook.worksheets) {
    lines.push(sheet.name);
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        lines.push(cell.text);
      });
    });
  }
  return lines.join('\n');
}

describe('no words meant for us reach users', () => {
  const t = useTestApp();

  /** The filters a school's bursar would choose: the demo student's school, and the student for a statement. */
  async function filtersOf(report: ReportId): Promise<ReportFilters> {
    const [student] = await t.ctx.db
      .select({ id: users.id, schoolId: users.schoolId })
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    const [school] = await t.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, FIRST_SCHOOL));
    expect(student!.schoolId).toBe(school!.id);
    const { filters } = REPORTS[report];
    return {
      ...(filters.includes('schoolId') && { schoolId: school!.id }),
      ...(filters.includes('studentId') && { studentId: student!.id }),
    };
  }

  async function preview(report: ReportId) {
    const filters = await filtersOf(report);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports/preview',
      headers: await t.as('admin'),
      payload: { report, filters },
    });
    expect(response.statusCode, `${report}: ${response.body}`).toBe(200);
    return response.json().data as ReportPreview;
  }

  it("says how the outstanding report counts days overdue in the school's words, on screen and in every file", async () => {
    const onScreen = await preview('outstanding');
    expect(onScreen.subtitle).toContain(OVERDUE_NOTE);

    const files: Record<string, string> = {};
    for (const format of EXPORT_FORMATS) {
      const queued = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reports/runs',
        headers: await t.as('admin'),
        payload: { report: 'outstanding', format, filters: await filtersOf('outstanding') },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      const runId = queued.json().data.id as string;
      await generateReportRun(t.ctx, runId);
      const file = await t.app.inject({
        url: `/api/v1/reports/runs/${runId}/file`,
        headers: await t.as('admin'),
      });
      expect(file.statusCode, file.body).toBe(200);
      files[format] =
        format === 'pdf'
          ? pdfText(file.rawPayload)
          : format === 'xlsx'
            ? await workbookText(file.rawPayload)
            : file.body;
    }
    // The PDF breaks the note where the line is full; the words are what matter there.
    const words = (text: string) => text.replace(/\s+/g, ' ');
    expect(words(files.pdf!)).toContain(OVERDUE_NOTE);
    expect(files.xlsx).toContain(OVERDUE_NOTE);
    // A CSV is rows alone, for a spreadsheet to sum: no notes to word, but its headers are read.
    expect(files.csv).toContain('Days overdue');
    for (const [format, text] of Object.entries(files)) expect(text, format).not.toMatch(INTERNAL_WORDS);

    const feeManagement = await t.app.inject({
      url: '/api/v1/bursar/outstanding-fees-report/export',
      headers: await t.as('bursar'),
    });
    expect(feeManagement.statusCode, feeManagement.body).toBe(200);
    expect(feeManagement.body).toContain('Outstanding (NGN)');
    expect(feeManagement.body).not.toMatch(INTERNAL_WORDS);
  });

  it('shows no internal words in the preview of any report of the catalogue', async () => {
    const texts = [];
    for (const report of REPORT_IDS) {
      const shown = await preview(report);
      texts.push([report, JSON.stringify(shown)] as const);
    }
    expect(texts.map(([report]) => report)).toEqual([...REPORT_IDS]);
    for (const [report, text] of texts) expect(text, report).not.toMatch(INTERNAL_WORDS);
  });

  it('shows no internal words in the API reference', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().info.title).toBe('SchoolLedger API');
    expect(response.body).not.toMatch(INTERNAL_WORDS);
  });
});
