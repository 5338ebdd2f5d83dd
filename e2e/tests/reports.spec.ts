import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, type Download, expect, type Page, test } from '@playwright/test';
import type ExcelJS from 'exceljs';
import { bytesOf, csvRecords, pdfPages, screenshotPdf, workbookOf } from './files';
import { apiSignIn, bearer, email, expectAccessible, PHONE, screenshot, signInAs } from './support';

/** The preview as the screen received it: the totals each file must repeat. */
interface Preview {
  title: string;
  organisation: string;
  sections: {
    title: string;
    columns: { key: string; header: string; kind: string }[];
    totalRows: number;
    totals: Record<string, number | string | null> | null;
  }[];
}

const FORMATS = [
  { button: 'PDF', extension: 'pdf' },
  { button: 'Excel', extension: 'xlsx' },
  { button: 'CSV', extension: 'csv' },
] as const;

const NAIRA = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const printed = (naira: number) => `${naira < 0 ? '-' : ''}₦${NAIRA.format(Math.abs(naira))}`;
const figure = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

async function openReport(page: Page, title: string) {
  await page.getByRole('tab', { name: /^All/ }).click();
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
}

async function preview(page: Page, title: string): Promise<Preview> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/reports/preview'));
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByRole('article', { name: `Preview of ${title}` })).toBeVisible();
  return (await response.json()).data as Preview;
}

/** Each section's totals line in the CSV (its block: title, header, rows, Total), against the screen's. */
function expectCsvTotals(records: string[][], data: Preview) {
  // Each block is looked for after the last one found: two sections may share a title.
  let from = 0;
  for (const section of data.sections) {
    const at = records.findIndex(
      (record, index) => index >= from && record.length === 1 && record[0] === section.title,
    );
    expect(at, `the CSV has a block "${section.title}"`).toBeGreaterThanOrEqual(0);
    from = at + 1;
    expect(records[at + 1]).toEqual(section.columns.map((column) => column.header));
    if (!section.totals) continue;
    const total = records.slice(at + 2).find((record) => record[0] === 'Total');
    expect(total, `"${section.title}" has a Total line`).toBeDefined();
    section.columns.forEach((column, index) => {
      if (index === 0) return;
      expect(figure(total![index]), `${section.title}: ${column.header}`).toBe(figure(section.totals![column.key]));
    });
  }
}

/** A formula's stored result; exceljs reads a stored result of 0 back as none, so none is 0 here. */
const cellNumber = (value: ExcelJS.CellValue) =>
  value !== null && typeof value === 'object' && 'formula' in value ? (figure(value.result) ?? 0) : figure(value);

/** One sheet per section; each totals row sums with formulas whose results are the screen's totals. */
function expectWorkbookTotals(workbook: ExcelJS.Workbook, data: Preview) {
  expect(workbook.worksheets).toHaveLength(data.sections.length);
  data.sections.forEach((section, index) => {
    if (!section.totals) return;
    const sheet = workbook.worksheets[index]!;
    let total: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Total') total = row;
    });
    expect(total, `sheet "${sheet.name}" has a Total row`).toBeDefined();
    section.columns.forEach((column, columnIndex) => {
      const expected = figure(section.totals![column.key]);
      if (columnIndex === 0 || expected === null) return;
      const cell = total!.getCell(columnIndex + 1);
      expect(cellNumber(cell.value), `${section.title}: ${column.header}`).toBe(expected);
      // A section with rows sums them with a formula; an empty one writes a plain 0.
      const written = section.totalRows > 0 ? cell.formula : cell.value;
      expect(written, `${section.title}: ${column.header}`).toEqual(
        section.totalRows > 0 ? expect.stringMatching(/^SUM\(/) : 0,
      );
    });
  });
}

/** The PDF names what it is and for whom, and prints every money total the screen showed. */
function expectPdf(pages: string[], data: Preview) {
  const text = pages.join('\n');
  expect(text).toContain(data.title);
  expect(text).toContain(data.organisation);
  expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  const moneyTotals = data.sections.flatMap((section) =>
    section.columns
      .filter((column) => column.kind === 'money' && section.totals?.[column.key] != null)
      .map((column) => printed(section.totals![column.key] as number)),
  );
  expect(moneyTotals.filter((total) => !text.includes(total))).toEqual([]);
}

/**
 * Previews the open report, then asks for it in each format at once; each file, downloaded as the
 * screen hands it over when its job is done, is read back and checked against the preview's totals.
 */
async function generateEach(page: Page, title: string) {
  const data = await preview(page, title);
  const arrived: Download[] = [];
  const collect = (download: Download) => arrived.push(download);
  page.on('download', collect);
  for (const format of FORMATS) {
    const button = page.getByRole('button', { name: format.button, exact: true });
    await expect(button).toBeEnabled();
    await button.click();
  }
  // Looked at often: the files arrive as the jobs end, and the default pace settles on once a second.
  await expect.poll(() => arrived.length, { timeout: 45_000, intervals: [250] }).toBe(FORMATS.length);
  page.off('download', collect);
  const files: Record<string, Buffer> = {};
  for (const download of arrived) {
    const name = download.suggestedFilename();
    expect(name).toMatch(/-\d{4}-\d{2}-\d{2}\.(pdf|xlsx|csv)$/);
    files[name.split('.').pop()!] = await bytesOf(download);
  }
  expect(Object.keys(files).sort()).toEqual(['csv', 'pdf', 'xlsx']);
  expectCsvTotals(csvRecords(files.csv!), data);
  expectWorkbookTotals(await workbookOf(files.xlsx!), data);
  expectPdf(await pdfPages(files.pdf!), data);
  return { data, files };
}

async function reportsPage(browser: Browser, who: string) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signInAs(page, who, '/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  return page;
}

/**
 * A fee of its own for one student no other spec pays for, approved by the super-admin, and a
 * part payment of it at the bursar's cash desk: rows whose figures the reports must show exactly.
 */
async function feeAndPayment(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin');
  const bursar = await apiSignIn(request, 'bursar');
  const term = (await (await request.get('/api/v1/term/current', { headers: bearer(bursar) })).json()).data;
  expect(term, 'the demo school has a current term').not.toBeNull();
  const listed = (await (await request.get('/api/v1/students?limit=20', { headers: bearer(bursar) })).json()).data
    .students as { _id: string; regNo: string; lastname: string; firstname: string }[];
  const others = listed.filter((student) => student.regNo !== 'CVC/2025/0142' && student.lastname !== 'Obi');
  const student = others.at(-2)!;
  const name = `Report check levy ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(admin),
    data: {
      term_id: term._id,
      school_id: term.session.school,
      name,
      description: 'A fee the reports spec follows',
      type: 'miscellaneous',
      amount: '4321.50',
      appliesTo: 'students',
      student_ids: [student._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const fee = (await created.json()).data;
  const paid = await request.post('/api/v1/payment/pay-with-cash', {
    headers: { ...bearer(bursar), 'Idempotency-Key': randomUUID() },
    data: { user_id: student._id, fee_id: fee._id, amount: '1234.25' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const receipt = (await paid.json()).data.payment.receiptNo as string;
  return { name, receipt, student };
}

test.describe('reports', () => {
  test('a bursar previews collections and downloads PDF, Excel and CSV that hold the payment the test made', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const made = await feeAndPayment(request);
    const page = await reportsPage(browser, 'bursar');
    await expect(page.getByRole('tab', { name: /^Financial/ })).toBeVisible();
    await openReport(page, 'Collections');
    const { data, files } = await generateEach(page, 'Collections');

    // The fee exists only for this test: its line is exactly the payment, on screen and in each file.
    const byFee = page.getByRole('table', { name: 'By fee' });
    const line = byFee.getByRole('row', { name: new RegExp(made.name) });
    await expect(line).toContainText('₦1,234.25');
    const csv = csvRecords(files.csv!);
    const csvLine = csv.find((record) => record[0] === made.name);
    expect(csvLine?.slice(-4)).toEqual(['1', '1234.25', '0.00', '1234.25']);
    const sheet = (await workbookOf(files.xlsx!)).getWorksheet('By fee')!;
    const sheetRow = sheet.getRows(1, sheet.rowCount)!.find((row) => row.getCell(1).value === made.name);
    expect(sheetRow?.getCell(6).value).toBe(1234.25);
    expect((await pdfPages(files.pdf!)).join('\n')).toContain(made.name);
    // The totals row on screen is the one the files carry.
    const net = data.sections.find((section) => section.title === 'By method')!.totals!.net as number;
    await expect(page.getByRole('table', { name: 'By method' }).locator('tfoot')).toContainText(printed(net));

    await expect(page.getByRole('region', { name: 'Generated files' })).toContainText('Collections');
    await screenshot(page, 'desktop-reports-collections');
    await expectAccessible(page, 'the Reports screen with a preview');
    await screenshotPdf(browser, files.pdf!, 'report-collections-pdf', 2);

    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll on a phone').toBe(
      PHONE.width,
    );
    await screenshot(page, 'phone-reports-collections');
    await page.context().close();
  });

  test('the payment report lists the payment by its receipt, credited once', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const made = await feeAndPayment(request);
    const page = await reportsPage(browser, 'bursar');
    await openReport(page, 'Payment report');
    const { files } = await generateEach(page, 'Payment report');
    const csv = csvRecords(files.csv!);
    const header = csv.find((record) => record.includes('Receipt') && record.includes('Credited'))!;
    const row = csv.find((record) => record[header.indexOf('Receipt')] === made.receipt);
    expect(row?.[header.indexOf('Credited')]).toBe('1234.25');
    expect(row?.[header.indexOf('Fee')]).toContain(made.name);
    await page.context().close();
  });

  test('every other financial report of a bursar is generated in each format with matching totals', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const page = await reportsPage(browser, 'bursar');
    for (const title of ['Outstanding fees', 'Debtors list', 'Fee schedule', 'Reconciliation']) {
      await openReport(page, title);
      const { files } = await generateEach(page, title);
      if (title === 'Outstanding fees') await screenshotPdf(browser, files.pdf!, 'report-outstanding-pdf');
      if (title === 'Debtors list') await screenshotPdf(browser, files.pdf!, 'report-debtors-pdf');
    }

    // The statement needs a student: chosen by name, as a bursar at the desk would.
    await openReport(page, 'Student statement');
    await page.getByRole('combobox').fill('Chiamaka Ifeoma');
    await expect(page.getByText(/^1 matching student: /)).toBeVisible();
    await page.getByRole('option', { name: /Chiamaka Ifeoma Obi/ }).click();
    await expect(page.getByRole('button', { name: 'Change the student (Chiamaka Ifeoma Obi)' })).toBeVisible();
    const { data, files } = await generateEach(page, 'Statement of account: Chiamaka Ifeoma Obi');
    expect(data.title).toBe('Statement of account: Chiamaka Ifeoma Obi');
    await screenshotPdf(browser, files.pdf!, 'report-statement-pdf');
    await screenshot(page, 'desktop-reports-statement');
    await page.context().close();
  });

  test('a principal runs the academic reports and an auditor the audit and administrative ones', async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    const principal = await reportsPage(browser, 'principal');
    await principal.getByRole('tab', { name: /^Academic/ }).click();
    for (const title of ['Class lists', 'Enrolment by class', 'Promotions']) {
      await openReport(principal, title);
      const { files } = await generateEach(principal, title);
      if (title === 'Class lists') await screenshotPdf(browser, files.pdf!, 'report-class-lists-pdf');
    }
    await principal.context().close();

    const auditor = await reportsPage(browser, 'auditor');
    const titles = [
      'Audit trail',
      'Financial activity',
      'Security events',
      'Failed sign-ins',
      'User activity',
      'Users by role and status',
      'Sign-in activity',
    ];
    for (const title of titles) {
      await openReport(auditor, title);
      await generateEach(auditor, title);
    }
    await auditor.getByRole('tab', { name: /^Audit/ }).click();
    await screenshot(auditor, 'desktop-reports-audit-tab');
    await auditor.context().close();
  });

  test('a proprietor compares the schools of the group this term against the last', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await reportsPage(browser, 'proprietor');
    await openReport(page, 'Group summary');
    const { data, files } = await generateEach(page, 'Group summary');
    const schools = data.sections[0]!.totalRows;
    expect(schools).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('table', { name: 'Schools side by side' }).locator('tbody tr')).toHaveCount(schools);
    await screenshotPdf(browser, files.pdf!, 'report-group-summary-pdf');
    await page.context().close();
  });

  test('refuses a range over five years under the field, and emails and schedules a report', async ({ browser }) => {
    const page = await reportsPage(browser, 'bursar');
    await openReport(page, 'Collections');
    await page.getByLabel('From', { exact: true }).fill('2018-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-01-01');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByText('A report covers at most 5 years')).toBeVisible();

    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    // A report goes only to a person of the sender's schools: here the school's principal.
    await page.getByLabel('Email a copy (optional)').fill(email('principal'));
    await page.getByRole('button', { name: 'CSV', exact: true }).click();
    await expect(page.getByText(`The report will be emailed to ${email('principal')} when it is ready`)).toBeVisible();

    const schedules = page.getByRole('region', { name: 'Schedules' });
    await schedules.getByRole('button', { name: 'New schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Report').selectOption({ label: 'Collections' });
    await dialog.getByLabel('Recipient email').fill(email('principal'));
    await dialog.getByLabel('Frequency').selectOption('weekly');
    await dialog.getByRole('button', { name: 'Create schedule' }).click();
    await expect(schedules).toContainText(/Weekly on Monday at 07:00/);
    await expectAccessible(page, 'the Reports schedules');
    await schedules.getByRole('button', { name: 'Delete the Collections schedule' }).click();
    await page.getByRole('dialog', { name: 'Delete schedule' }).getByRole('button', { name: 'Delete' }).click();
    await expect(schedules.getByText(/Weekly on Monday/)).toHaveCount(0);
    await page.context().close();
  });

  test('a parent downloads a child’s statement from the fee page', async ({ browser }) => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInAs(page, 'parent', '/student/fees');
    const downloaded = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download statement (PDF)' }).first().click();
    const download = await downloaded;
    const pages = await pdfPages(await bytesOf(download));
    expect(pages[0]).toContain('Statement of account');
    expect(pages[0]).toMatch(/Obi/);
    await screenshotPdf(browser, await bytesOf(download), 'report-parent-statement-pdf');
    await context.close();
  });
});
