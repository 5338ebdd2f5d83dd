import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { bytesOf, pdfPages } from './files';
import { expectAccessible, PHONE, screenshot, sidebarLabels, signInAs, viewScreenshot } from './support';

const TITLE = `Chemistry lab reagents ${randomUUID().slice(0, 6)}`;
const PAYEE = 'Chem Supplies Ltd, Ikeja';
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

interface PreviewSection {
  title: string;
  rows: Record<string, string | number | null>[];
  totals: Record<string, string | number | null> | null;
}

/** The income and expenditure statement for today alone, as the screen previews it. */
async function statementOfToday(page: Page): Promise<PreviewSection[]> {
  await page.goto('/reports?report=income_expenditure');
  await expect(page.getByRole('region', { name: 'Income and expenditure', exact: true })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(lagosToday());
  await page.getByLabel('To', { exact: true }).fill(lagosToday());
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/reports/preview'));
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByRole('article', { name: 'Preview of Income and expenditure' })).toBeVisible();
  return (await response.json()).data.sections as PreviewSection[];
}

const expenditureOf = (sections: PreviewSection[], category: string) => {
  const expenditure = sections.find((section) => section.title === 'Expenditure');
  const row = expenditure?.rows.find((line) => line.line === category);
  return { line: Number(row?.amount ?? 0), total: Number(expenditure?.totals?.amount ?? 0) };
};

test.describe('expenses', () => {
  test('the bursar records an expense, the principal approves it, the bursar pays it, and the statement shows it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInAs(page, 'bursar', '/expenses');
    const before = expenditureOf(await statementOfToday(page), 'Academic resources');

    await page.goto('/expenses');
    await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Record expense' }).click();
    const form = page.getByRole('dialog', { name: 'Record expense' });
    // A new request starts in the school's current session and term.
    await expect(form.getByLabel('Term')).not.toHaveValue('');
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Category').selectOption({ label: 'Academic resources' });
    await form.getByLabel('Amount (₦)').fill('45250.505');
    await form.getByLabel('Someone else').check();
    await form.getByLabel('Payee name').fill(PAYEE);
    await form.getByRole('button', { name: 'Save and submit' }).click();
    await expect(form.getByText('Enter an amount in naira with at most two decimal places')).toBeVisible();
    await form.getByLabel('Amount (₦)').fill('45250.50');
    await form.getByRole('button', { name: 'Save and submit' }).click();

    await expect(page).toHaveURL(/\/expenses\/[0-9a-f-]{36}$/);
    const detail = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${TITLE}.*Pending approval`) })).toBeVisible();
    const reference = (
      await page
        .getByText(/EXP-\d{6}/)
        .first()
        .textContent()
    )?.match(/EXP-\d{6}/)?.[0];
    expect(reference).toBeTruthy();
    // A bursar records and pays; approving is for another person.
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expectAccessible(page, 'an expense awaiting approval');
    await screenshot(page, 'desktop-expense-pending');

    await signInAs(page, 'principal', '/expenses?tab=awaiting');
    await page.getByRole('button', { name: `Approve ${reference}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve expense' }).click();
    await expect(page.getByRole('button', { name: `Approve ${reference}` })).toHaveCount(0);

    await signInAs(page, 'bursar', detail);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${TITLE}.*Approved`) })).toBeVisible();
    await page.getByRole('button', { name: 'Record payout' }).click();
    const payout = page.getByRole('dialog', { name: 'Record payout' });
    await payout.getByLabel('Amount (₦)').fill('45250.51');
    await payout.getByLabel('Method').selectOption({ label: 'Cash' });
    await payout.getByRole('button', { name: 'Record payout' }).click();
    // More than remains: the server's refusal, on the field, and nothing paid.
    await expect(payout.getByText(/remains to be paid on this expense/)).toBeVisible();
    await payout.getByLabel('Amount (₦)').fill('45250.50');
    await payout.getByRole('button', { name: 'Record payout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(`${TITLE}.*Paid`) })).toBeVisible();
    const history = page.getByRole('list', { name: 'History' });
    await expect(history).toContainText('Ibrahim Musa');
    await expect(history).toContainText(/PV-\d{6}/);

    const voucherButton = page.getByRole('button', { name: /^Download voucher PV-\d{6}$/ });
    const voucherNo = (await voucherButton.getAttribute('aria-label'))!.replace('Download voucher ', '');
    const downloaded = page.waitForEvent('download');
    await voucherButton.click();
    const voucher = (await pdfPages(await bytesOf(await downloaded))).join('\n');
    for (const text of [voucherNo, reference!, PAYEE, '45,250.50', 'Crestview College, Ikeja']) {
      expect(voucher).toContain(text);
    }

    // The statement of today: the expenditure line and total moved by exactly this payout.
    const after = expenditureOf(await statementOfToday(page), 'Academic resources');
    expect(Math.round((after.line - before.line) * 100)).toBe(4_525_050);
    expect(Math.round((after.total - before.total) * 100)).toBe(4_525_050);
    const statement = page.getByRole('article', { name: 'Preview of Income and expenditure' });
    await expect(statement.getByRole('row').filter({ hasText: 'Academic resources' })).toContainText(
      `₦${new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2 }).format(after.line)}`,
    );
  });

  test('the auditor reads expenses and budgets but changes nothing; an ICT administrator has no Expenses', async ({
    page,
  }) => {
    await signInAs(page, 'auditor', '/expenses');
    await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record expense' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Roof repair, Block B' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Roof repair, Block B.*Partially paid/ })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Paid so far' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record payout' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Reverse PV-/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Download voucher PV-/ })).toHaveCount(1);
    await expectAccessible(page, 'an expense as the auditor reads it');

    await page.goto('/expenses?tab=budgets');
    await expect(page.getByRole('heading', { name: 'Budget against actual' })).toBeVisible();
    await expect(page.getByText("Expenses above ₦500,000.00 need the proprietor's approval.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set budget' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit threshold' })).toHaveCount(0);
    await expectAccessible(page, 'the budgets as the auditor reads them');

    await page.setViewportSize(PHONE);
    await page.goto('/expenses');
    await expect(page.getByRole('link', { name: 'Roof repair, Block B' })).toBeVisible();
    await viewScreenshot(page, 'phone-expenses-list');

    await signInAs(page, 'ict', '/expenses');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await sidebarLabels(page)).not.toContain('Expenses');
  });
});
