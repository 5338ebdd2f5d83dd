import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  email,
  expectAccessible,
  PASSWORD,
  screenshot,
  sidebarLabels,
  signIn,
  signInAs,
  viewScreenshot,
} from './support';

const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
/** From two years back: every posting of the demo's history and of this term falls in the period. */
const FROM = `${Number(lagosToday().slice(0, 4)) - 2}-01-01`;

/** An amount as the screen shows it ("₦1,234.50", or "₦1,234" in whole naira) in kobo. */
function kobo(text: string): bigint {
  const match = /₦([\d,]+)(?:\.(\d{2}))?/.exec(text);
  expect(match, `an amount in "${text}"`).not.toBeNull();
  return BigInt(match![1]!.replaceAll(',', '')) * 100n + BigInt(match![2] ?? '0');
}

/** The trial balance's totals row, as shown: debits, credits and the closing balances on each side. */
async function trialBalanceTotals(page: Page) {
  const row = page.getByRole('row', { name: /^Totals/ });
  await expect(row).toBeVisible();
  const cells = (await row.getByRole('cell').allInnerTexts()).map(kobo);
  expect(cells).toHaveLength(4);
  const [debits, credits, closingDebit, closingCredit] = cells as [bigint, bigint, bigint, bigint];
  return { debits, credits, closingDebit, closingCredit };
}

/** Opens the trial balance over the whole demo history and checks it balances on screen. */
async function expectBalancedTrialBalance(page: Page) {
  await page.getByRole('tab', { name: 'Trial balance' }).click();
  await page.getByLabel('From', { exact: true }).fill(FROM);
  await expect(page).toHaveURL(new RegExp(`from=${FROM}`));
  await expect(page.getByText('Balanced', { exact: true })).toBeVisible();
  const totals = await trialBalanceTotals(page);
  expect(totals.debits).toBeGreaterThan(0n);
  expect(totals.debits).toBe(totals.credits);
  expect(totals.closingDebit).toBeGreaterThan(0n);
  expect(totals.closingDebit).toBe(totals.closingCredit);
  await expect(page.getByText(/^Debits ₦[\d,.]+ = credits ₦[\d,.]+$/)).toBeVisible();
  return totals;
}

/**
 * The page is no wider than the screen: wide tables scroll inside their card. Toasts are waited
 * out: one raised at desktop width keeps that width until it leaves.
 */
async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: px the page is wider than the screen`).toBe(0);
}

test.describe('the books', () => {
  test('the accountant lands on the books, sees a balanced trial balance, maps an account, closes a period and takes the journal away', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, 'accountant', { expectPath: /\/books$/ });
    await expect(page.getByRole('heading', { name: 'Books', level: 1 })).toBeVisible();
    expect(await sidebarLabels(page)).toEqual(['Dashboard', 'Books']);

    await expectBalancedTrialBalance(page);
    await expectAccessible(page, 'the trial balance');
    await screenshot(page, 'books-trial-balance-desktop');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      await expectNoSidewaysScroll(page, `the trial balance at ${width} px`);
      await screenshot(page, `books-trial-balance-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The chart: the bank account's code in Xero, checked as typed, then carried by the Xero journal.
    await page.getByRole('tab', { name: 'Chart of accounts' }).click();
    await page.getByLabel('Mapping for').selectOption({ label: 'Xero' });
    const bankRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '1010', exact: true }) });
    await expect(bankRow).toBeVisible();
    await bankRow.getByRole('button', { name: /^Edit Xero account for / }).click();
    const field = bankRow.getByRole('textbox', { name: /^Xero account for / });
    await expect(field).toBeFocused();
    await field.fill('x'.repeat(151));
    await field.press('Enter');
    await expect(bankRow.getByText('Must be at most 150 characters')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('090-BANK');
    await bankRow.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(bankRow.getByText('090-BANK', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the chart of accounts');
    await screenshot(page, 'books-chart-desktop');

    // Period close: through the last day of the month before last, or the day after an earlier close.
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: email('accountant'), password: PASSWORD },
    });
    const { token, user } = (await login.json()).data;
    const accountant = { Authorization: `Bearer ${token}` };
    const schoolId = user.school._id as string;
    const closesBefore = await (
      await page.request.get(`/api/v1/books/closes?school_id=${schoolId}`, { headers: accountant })
    ).json();
    const today = lagosToday();
    const monthBeforeLast = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 0));
    let day = monthBeforeLast.toISOString().slice(0, 10);
    const lastClose = closesBefore.data.closedThrough as string | null;
    if (lastClose && lastClose >= day) {
      const next = new Date(`${lastClose}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      day = next.toISOString().slice(0, 10);
    }
    await page.getByRole('tab', { name: 'Period close' }).click();
    await page.getByLabel('Close the books through').fill(day);
    await page.getByRole('button', { name: 'Close period' }).click();
    const confirm = page.getByRole('dialog', { name: /^Close the books through / });
    await expect(confirm).toContainText('A close cannot be undone');
    await expectAccessible(page, 'the period close confirmation');
    await viewScreenshot(page, 'books-close-confirm');
    await confirm.getByRole('button', { name: 'Close the books' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(/^Books closed through/)).toBeVisible();
    const closesAfter = await (
      await page.request.get(`/api/v1/books/closes?school_id=${schoolId}`, { headers: accountant })
    ).json();
    expect(closesAfter.data.closedThrough).toBe(day);
    await expect(page.getByRole('region', { name: 'Closes' }).getByRole('row')).toHaveCount(
      closesAfter.data.closes.length + 1,
    );
    // A day already closed is refused before anything is sent.
    await page.getByLabel('Close the books through').fill(day);
    await page.getByRole('button', { name: 'Close period' }).click();
    await expect(page.getByText('The books are already closed through that day: choose a later one')).toBeVisible();
    await screenshot(page, 'books-close-desktop');

    // The journal, as ledger and hledger read it: every entry balances, and as Xero imports it.
    await page.getByRole('tab', { name: 'Exports' }).click();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(FROM);
    const [journal] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Plain-text journal \(ledger, hledger\)/ }).click(),
    ]);
    expect(journal.suggestedFilename()).toMatch(new RegExp(`^journal-.+-hledger-${FROM}-to-${today}\\.journal$`));
    const text = readFileSync(await journal.path(), 'utf8');
    expect(text).toMatch(/^; /);
    expect(text).toMatch(/^account Assets:\S/m);
    const entries = text.split(/\n(?=\d{4}-\d{2}-\d{2} )/).slice(1);
    expect(entries.length).toBeGreaterThan(0);
    const unbalanced = entries.filter((entry) => {
      const amounts = [...entry.matchAll(/ {2}(-?)(\d+)\.(\d{2}) NGN$/gm)].map(
        ([, sign, naira, rest]) => (BigInt(naira!) * 100n + BigInt(rest!)) * (sign ? -1n : 1n),
      );
      return amounts.length < 2 || amounts.reduce((sum, amount) => sum + amount, 0n) !== 0n;
    });
    expect(unbalanced, 'entries whose postings do not sum to zero').toEqual([]);

    const [xero] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Xero \(\.csv\)/ }).click(),
    ]);
    const rows = parse(readFileSync(await xero.path(), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]!)).toEqual([
      '*Narration',
      '*Date',
      'Description',
      '*AccountCode',
      '*TaxRate',
      '*Amount',
    ]);
    expect(rows.map((row) => row['*AccountCode'])).toContain('090-BANK');
    const total = rows.reduce((sum, row) => sum + Math.round(Number(row['*Amount']) * 100), 0);
    expect(total).toBe(0);
    await expectAccessible(page, 'the exports');
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      await expectNoSidewaysScroll(page, `the exports at ${width} px`);
      await screenshot(page, `books-exports-${width}`);
    }
  });

  test('the bursar reads the same balanced books but neither edits the chart nor closes a period', async ({ page }) => {
    await signInAs(page, 'bursar', '/books');
    await expect(page.getByRole('heading', { name: 'Books', level: 1 })).toBeVisible();
    expect(await sidebarLabels(page)).toContain('Books');
    const totals = await expectBalancedTrialBalance(page);
    await screenshot(page, 'books-trial-balance-bursar');
    const receivable = page.getByRole('row').filter({ has: page.getByRole('cell', { name: /^1100 Fees receivable/ }) });
    const receivableClosing = kobo(await receivable.getByRole('cell').nth(4).innerText());
    expect(receivableClosing).toBeGreaterThan(0n);
    expect(receivableClosing).toBeLessThanOrEqual(totals.closingDebit);

    // The general ledger of fees receivable ends where the trial balance closes it.
    await page.getByRole('tab', { name: 'General ledger' }).click();
    await page.getByLabel('Account', { exact: true }).selectOption({ label: '1100 Fees receivable (Asset)' });
    await expect(page.getByRole('region', { name: 'Lines of 1100 Fees receivable' })).toBeVisible();
    const closing = page.getByText(/^Closing, /).locator('xpath=following-sibling::dd');
    expect(kobo(await closing.innerText())).toBe(receivableClosing);
    await expectAccessible(page, 'the general ledger');
    await screenshot(page, 'books-general-ledger-bursar');

    // A student's account: what the demo student was charged, and what she owes after each line.
    await page.getByRole('tab', { name: 'Student account' }).click();
    await page.getByLabel('Find a student').fill('Chiamaka');
    await page
      .getByRole('list', { name: 'Students found' })
      .getByRole('button', { name: /Chiamaka/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /Chiamaka/, level: 3 })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Account of Chiamaka/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    await expectAccessible(page, "a student's account");
    await screenshot(page, 'books-student-account-bursar');

    await page.getByRole('tab', { name: 'Chart of accounts' }).click();
    await expect(page.getByRole('row', { name: /Cash on hand/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Rename / })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Period close' }).click();
    await expect(page.getByText(/^(Books closed through|The books are open)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close period' })).toHaveCount(0);
    await expectAccessible(page, 'the period close as the bursar reads it');
  });

  test('the auditor checks the books now and sees they agree with the records, on a phone too', async ({ page }) => {
    await signInAs(page, 'auditor', '/books?tab=integrity');
    const card = page.getByRole('region', { name: 'Integrity check' });
    await expect(card.getByRole('button', { name: 'Check now' })).toBeEnabled();
    const [ran] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/v1/books/integrity/run')),
      card.getByRole('button', { name: 'Check now' }).click(),
    ]);
    expect(ran.status()).toBe(200);
    expect((await ran.json()).data).toMatchObject({ agrees: true, total: 0, disagreements: [] });
    // The verdict as a toast, and the card showing this check, made a moment ago.
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'The books agree with the records' }),
    ).toBeVisible();
    await expect(card.getByText('The books agree with the records', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Last checked (just now|\d+m ago) \(.+ Lagos time\)$/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Check now' })).toBeEnabled();
    await expectAccessible(page, 'the integrity check');
    await screenshot(page, 'books-integrity-auditor');

    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(360);
    await expectNoSidewaysScroll(page, 'the integrity check at 360 px');
    await screenshot(page, 'books-integrity-360');
  });
});
