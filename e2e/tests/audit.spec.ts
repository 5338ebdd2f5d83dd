import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, expectAccessible, PHONE, screenshot, signInAs } from './support';

/** Signed in as the auditor, through the sidebar from the lightest screen (the dashboard has its own specs). */
async function openAudit(page: Page) {
  await signInAs(page, 'auditor', '/profile');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
}

/** A cash payment the bursar records through the API: what the auditor then looks for. */
async function recordCash(request: APIRequestContext) {
  const bursar = await apiSignIn(request, 'bursar');
  // Not the demo sign-in student, whose fees the payment specs expect untouched; nor the first
  // other student, whom the receipt-check spec pays.
  const listed = (await (await request.get('/api/v1/students?limit=10', { headers: bearer(bursar) })).json()).data
    .students as { _id: string; regNo: string }[];
  const student = listed.filter((candidate) => candidate.regNo !== 'CVC/2025/0142').at(-1);
  expect(student).toBeDefined();
  const unpaid = await request.get(`/api/v1/student/fees?student_id=${student!._id}&unpaid=true`, {
    headers: bearer(bursar),
  });
  const fees = (await unpaid.json()).data.fees as { fee: { _id: string }; outstanding: number }[];
  const owed = fees.find((row) => row.outstanding >= 1234.5);
  expect(owed).toBeDefined();
  const cash = await request.post('/api/v1/payment/pay-with-cash', {
    headers: { ...bearer(bursar), 'Idempotency-Key': randomUUID() },
    data: { user_id: student!._id, fee_id: owed!.fee._id, amount: 1234.5 },
  });
  expect(cash.ok(), await cash.text()).toBe(true);
  return (await cash.json()).data.payment as { _id: string; receiptNo: string };
}

test.describe('audit trail', () => {
  test("the auditor finds the bursar's cash payment, reads its entry and exports it", async ({ page, request }) => {
    const payment = await recordCash(request);

    await openAudit(page);
    await page.getByLabel('Search the trail').fill(payment.receiptNo);
    await page.getByLabel('Category').selectOption('financial');
    await expect(page).toHaveURL(new RegExp(`q=${payment.receiptNo}`));
    await expect(page).toHaveURL(/category=financial/);
    await expect(page.getByRole('heading', { name: 'Entries (1)' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Audit trail entries, newest first' }).getByRole('row').nth(1);
    await expect(row).toContainText('Bursar Adaeze recorded a cash payment');
    await expect(row).toContainText('Medium');
    await screenshot(page, 'desktop-audit-trail');
    await expectAccessible(page, 'the audit trail');

    await row.getByRole('button', { name: 'Bursar Adaeze recorded a cash payment' }).click();
    const detail = page.getByRole('dialog', { name: 'Audit entry' });
    await expect(detail).toContainText(payment._id);
    await expect(detail).toContainText('Values as recorded');
    // Amounts read as naira in the entry's details, not as the kobo the database keeps.
    const amountRow = detail.getByRole('row', { name: /^amount\b/ });
    await expect(amountRow).toContainText('₦1,234.50');
    await expect(detail).not.toContainText('123450');
    // Cash is written already credited: no status before it, success after.
    const statusRow = detail.getByRole('row', { name: /status/ });
    await expect(statusRow.getByRole('cell')).toHaveText(['—', 'success']);
    await expect(detail).toContainText(/Previous hash\s*[0-9a-f]{64}/);
    await screenshot(page, 'desktop-audit-detail');
    await expectAccessible(page, 'an audit entry');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    await page.getByRole('button', { name: 'Export' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (.csv)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(payment._id);
    expect(lines[1]).toContain('Bursar Adaeze recorded a cash payment');
    expect(lines[1]).toContain('1234.50');

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('list', { name: 'Audit trail entries, newest first' })).toContainText(
      'Bursar Adaeze recorded a cash payment',
    );
    await screenshot(page, 'phone-audit-trail');
    await page
      .getByRole('list', { name: 'Audit trail entries, newest first' })
      .getByRole('button', { name: /Bursar Adaeze recorded a cash payment/ })
      .click();
    await expect(detail).toContainText(payment._id);
    await screenshot(page, 'phone-audit-detail');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the integrity tab verifies the chains and downloads the term pack of a term', async ({ page }) => {
    await openAudit(page);
    await page.getByRole('tab', { name: 'Integrity' }).click();
    await page.getByRole('button', { name: 'Verify now' }).click();
    await expect(page.getByText('Every chain is intact.')).toBeVisible();
    await expect(page.getByText(/Crestview College, Ikeja: intact/)).toBeVisible();
    const term = page.getByLabel('Term');
    await expect(term.locator('option')).not.toHaveCount(1);
    await term.selectOption({ index: 1 });
    const [pack] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download term pack' }).click(),
    ]);
    expect(pack.suggestedFilename()).toMatch(/^term-pack-.+\.zip$/);
    expect(
      readFileSync((await pack.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-audit-integrity');
  });

  test('the integrity tab names the first bad entry of a broken chain and shows each head hash', async ({ page }) => {
    // The answer of the lead's GET /audit/verify, shaped by auditVerificationSchema, with one chain
    // broken: how the screen tells an auditor which entry to look at does not need a real tamper.
    await page.route('**/api/v1/audit/verify*', (route) =>
      route.fulfill({
        json: {
          success: true,
          message: 'Audit trail verified',
          data: {
            valid: false,
            checkedAt: new Date().toISOString(),
            chains: [
              {
                chain: 'ikeja',
                schoolId: null,
                schoolName: 'Crestview College, Ikeja',
                rows: 1204,
                headSeq: 1204,
                headHash: 'a'.repeat(64),
                valid: false,
                firstBad: { seq: 311, id: null, problem: 'changed' },
              },
              {
                chain: 'platform',
                schoolId: null,
                schoolName: null,
                rows: 12,
                headSeq: 12,
                headHash: 'b'.repeat(64),
                valid: true,
                firstBad: null,
              },
            ],
          },
        },
      }),
    );
    await openAudit(page);
    await page.getByRole('tab', { name: 'Integrity' }).click();
    await page.getByRole('button', { name: 'Verify now' }).click();
    await expect(page.getByText('At least one chain is broken.')).toBeVisible();
    await expect(page.getByText('Crestview College, Ikeja: broken')).toBeVisible();
    await expect(page.getByText('Entry No. 311: This entry was changed after it was written.')).toBeVisible();
    await expect(page.getByText('Platform (entries about no school): intact')).toBeVisible();
    await expect(page.getByText('a'.repeat(64))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download term pack' })).toBeDisabled();
    await expectAccessible(page, 'the integrity tab');
    await screenshot(page, 'desktop-audit-integrity');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-audit-integrity');
  });

  test('the financial, security and people tabs show the money, the refused sign-ins and who acted', async ({
    page,
    request,
  }) => {
    const refused = await request.post('/api/v1/auth/login', {
      data: { email: 'auditor@demo.schoolledger.ng', password: 'wrong-password' },
    });
    expect(refused.status()).toBe(401);
    await recordCash(request);
    await openAudit(page);

    await page.getByRole('tab', { name: 'Financial' }).click();
    await expect(page.getByRole('heading', { name: /money events?$/ })).toBeVisible();
    await expect(page.getByText('recorded a cash payment').first()).toBeVisible();
    await screenshot(page, 'desktop-audit-financial');
    await expectAccessible(page, 'the financial tab');

    await page.getByRole('tab', { name: 'Security' }).click();
    const failed = page
      .getByRole('region', { name: 'Failed sign-ins' })
      .or(page.locator('section', { hasText: 'Failed sign-ins' }));
    await expect(failed.getByText('auditor@demo.schoolledger.ng').first()).toBeVisible();
    await expect(failed.getByText(/bad password/).first()).toBeVisible();
    await expectAccessible(page, 'the security tab');

    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByLabel('Search people').fill('Adaeze');
    await page.getByRole('button', { name: /Adaeze Eze/ }).click();
    await expect(page.getByRole('heading', { name: "Adaeze Eze's activity" })).toBeVisible();
    await expect(page.getByText('Bursar Adaeze recorded a cash payment').first()).toBeVisible();
    await expectAccessible(page, 'the people tab');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-audit-people');
  });

  test('a bursar is not let in', async ({ page }) => {
    await signInAs(page, 'bursar', '/audit');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
