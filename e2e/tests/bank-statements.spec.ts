import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  type Child,
  expectAccessible,
  feeForChild,
  ikejaDaughter,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const TAG = randomUUID().slice(0, 6);
const DESKTOP = { width: 1280, height: 900 };
const PHONE_390 = { width: 390, height: 844 };
/** The fee the coded credit pays, whole: nothing else on the child owes this much. */
const FEE_AMOUNT = 7350;
const NAMED_AMOUNT = 12500;
const CHARGE = 50;

/** The child's payment code, as the parent is shown it to write in the transfer's narration (staff cannot ask). */
async function paymentCode(request: APIRequestContext, child: Child): Promise<string> {
  const offered = await request.get(`/api/v1/payment/available-methods?student_id=${child._id}`, {
    headers: bearer(await apiSignIn(request, 'parent')),
  });
  expect(offered.ok(), await offered.text()).toBe(true);
  const code = ((await offered.json()).data.methods as { bank_details: { payment_code: string | null } | null }[]).find(
    (option) => option.bank_details?.payment_code,
  )?.bank_details?.payment_code;
  expect(code).toMatch(/^SL[0-9A-Z]{6}$/);
  return code!;
}

/** Today in Lagos as the bank writes it, DD/MM/YYYY. */
const today = () =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Africa/Lagos' })
    .format(new Date())
    .replaceAll('.', '/');

/**
 * A bank's CSV export: a title row, the header, then a credit carrying the child's payment code, a
 * credit with only a name, and an SMS charge. The running balance follows line by line, from an
 * opening balance of this run's own so no earlier run's lines look the same.
 */
function statementCsv(code: string): string {
  const day = today();
  let balance = 100_000 + Number.parseInt(TAG, 16) / 100;
  const row = (narration: string, debit: number, credit: number) => {
    balance += credit - debit;
    const money = (value: number) => (value ? value.toFixed(2) : '');
    return [day, day, narration, money(debit), money(credit), balance.toFixed(2)].join(',');
  };
  return [
    'CRESTVIEW COLLEGE IKEJA - FEES ACCOUNT',
    'Trans Date,Value Date,Narration,Debit,Credit,Balance',
    row(`NIP/GTB/CHUKWUDI OBI/${code} LEVY ${TAG}`, 0, FEE_AMOUNT),
    row(`USSD TRF FROM KELECHUKWU ARINZE-DANJUMA ${TAG}`, 0, NAMED_AMOUNT),
    row(`SMS ALERT CHARGES ${TAG}`, CHARGE, 0),
    '',
  ].join('\r\n');
}

/** The account a statement names in its title rows, as the columns the bursar chooses are saved for it. */
const ACCOUNT = '0123456789';
/**
 * A column of this run's own: a saved mapping reads a file only when its header has every mapped
 * column, so a retry of the test (a new tag) meets the dialog again rather than the first try's columns.
 */
const RUNNING_TOTAL = `Running total ${TAG}`;

/** A bank's CSV whose header words the server does not recognise ("When" is no date word): one credit. */
function unknownColumnsCsv(narration: string, amount: number): string {
  return [
    `Account Number,${ACCOUNT}`,
    `When,Particulars of the transaction,Money out,Money in,${RUNNING_TOTAL}`,
    [today(), narration, '', amount.toFixed(2), (250_000 + amount).toFixed(2)].join(','),
    '',
  ].join('\r\n');
}

const naira = (amount: number) => `₦${amount.toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

/** This run's card for a line, by its amount and the tag in its narration. */
function lineCard(page: Page, direction: 'Credit' | 'Debit', amount: number): Locator {
  const escaped = naira(amount).replaceAll('.', '\\.');
  return page
    .getByRole('list', { name: 'Statement lines' })
    .getByRole('listitem', { name: new RegExp(`^${direction} of ${escaped} on `) })
    .filter({ hasText: TAG });
}

async function upload(page: Page, csv: string, name = `statement-${TAG}.csv`) {
  await page.getByLabel('Bank statement file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

test.describe('bank statements', () => {
  test('a bursar uploads a statement: the coded credit is credited, the named one waits, the charge is set aside, and the same file again is all already imported', async ({
    page,
    request,
  }) => {
    test.slow();
    const child = await ikejaDaughter(request);
    await feeForChild(request, {
      child: child,
      name: `Statement levy ${TAG}`,
      amount: String(FEE_AMOUNT),
      description: 'A fee the bank statements spec pays',
    });
    const csv = statementCsv(await paymentCode(request, child));

    // Any screen leads there through the sidebar; the profile is the lightest to load.
    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'bursar', '/profile');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const link = nav.getByRole('link', { name: 'Bank Statements' });
    if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Fee Management' }).click();
    await link.click();
    await expect(page).toHaveURL(/\/bursar\/bank-statements$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bank Statements' })).toBeVisible();
    await expect(page.getByText('Lines already imported are recognised')).toBeVisible();

    // No file: said under the input, nothing sent.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Choose the bank statement file')).toBeVisible();

    await upload(page, csv);
    const summary = page.getByRole('region', { name: 'Statement read' });
    await expect(summary).toContainText('3 lines read');
    const counts = summary.getByTestId('import-summary');
    await expect(counts).toContainText(/· 1 credited/);
    await expect(counts).toContainText(/· 1 (to review|unmatched)/);
    await expect(counts).toContainText(/· 1 not a payment/);
    await expect(counts).not.toContainText('already imported');
    await expect(summary).not.toContainText('running balance does not follow');
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();

    // The named credit waits where the matching put it, with a way to name the student.
    const waitsIn = (await counts.innerText()).includes('to review') ? 'To review' : 'Unmatched';
    await page.getByRole('tab', { name: new RegExp(`^${waitsIn}`) }).click();
    await expect(page.getByRole('tab', { name: new RegExp(`^${waitsIn}`) })).toHaveAttribute('aria-selected', 'true');
    const named = lineCard(page, 'Credit', NAMED_AMOUNT);
    await expect(named).toBeVisible();
    await expect(named).toContainText(`KELECHUKWU ARINZE-DANJUMA ${TAG}`);
    await expect(named.getByRole('button', { name: 'Find the student' })).toBeVisible();
    await expectAccessible(page, 'the bank statements screen after an upload');
    await screenshot(page, 'bank-statements-desktop');

    // Its dialogs, opened and left: nothing is credited by looking.
    await named.getByRole('button', { name: 'Find the student' }).click();
    const find = page.getByRole('dialog', { name: 'Find the student' });
    await expect(find).toContainText(naira(NAMED_AMOUNT));
    await expect(find.getByLabel('Search student')).toBeVisible();
    await expectAccessible(page, 'the find-the-student dialog');
    await find.getByRole('button', { name: 'Cancel' }).click();
    await expect(find).toBeHidden();

    await page.setViewportSize(PHONE_390);
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'bank-statements-phone-390');
    await page.setViewportSize(DESKTOP);

    // The coded credit paid the child's fee, with a receipt.
    await page.getByRole('tab', { name: /^Credited/ }).click();
    const credited = lineCard(page, 'Credit', FEE_AMOUNT);
    await expect(credited).toContainText(child.firstname);
    await expect(credited.getByText(/^CV[A-Z]-\d{4}-\d{6}$/)).toBeVisible();
    await expect(credited).toContainText('Confirmed');

    // The SMS charge is not a family's payment.
    await page.getByRole('tab', { name: /^Not payments/ }).click();
    await expect(lineCard(page, 'Debit', CHARGE)).toContainText(`SMS ALERT CHARGES ${TAG}`);

    // The same file again: every line is recognised, nothing is credited twice.
    await upload(page, csv);
    await expect(counts).toContainText('3 already imported');
    await expect(counts).not.toContainText('credited');
    await page.getByRole('tab', { name: /^Credited/ }).click();
    await expect(lineCard(page, 'Credit', FEE_AMOUNT)).toHaveCount(1);

    await page.setViewportSize(PHONE_390);
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the bank statements screen on a phone');
    await screenshot(page, 'bank-statements-credited-phone-390');
  });

  test('a statement whose columns are not recognised: the bursar chooses them once, and the account’s next statement is read at once', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'bursar', '/bursar/bank-statements');
    await expect(page.getByRole('heading', { level: 1, name: 'Bank Statements' })).toBeVisible();
    const first = unknownColumnsCsv(`POS LODGEMENT COUNTER FIRST ${TAG}`, 2345);
    const dialog = page.getByRole('dialog', { name: 'Choose the columns' });
    const summary = page.getByRole('region', { name: 'Statement read' });

    // The upload asks for the columns; Escape leaves the step and keeps nothing.
    await upload(page, first, `columns-${TAG}-1.csv`);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: "The file's first rows" })).toContainText(`FIRST ${TAG}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(summary).toBeHidden();

    await upload(page, first, `columns-${TAG}-1.csv`);
    await expect(dialog).toContainText(`columns-${TAG}-1.csv`);
    const rows = dialog.getByRole('region', { name: "The file's first rows" });
    await expect(rows).toContainText(`FIRST ${TAG}`);
    // The first row with three filled cells is offered as the header, and marked in the preview.
    await expect(dialog.getByLabel('Header row')).toHaveValue('2');
    await expect(rows.getByRole('rowheader', { name: '2 (header row)' })).toBeVisible();

    // Nothing was suggested for these words: reading now says under each field what is missing.
    await dialog.getByRole('button', { name: 'Read the statement' }).click();
    await expect(dialog.getByText('Choose the column that holds the date')).toBeVisible();
    await expect(dialog.getByText('Choose the column that holds the description')).toBeVisible();
    await expect(dialog.getByText('Choose the Debit column, the Credit column or both')).toBeVisible();
    await expect(dialog.getByLabel('Date', { exact: true })).toBeFocused();
    await expectAccessible(page, 'the choose-the-columns dialog with its messages');

    await dialog.getByLabel('Date', { exact: true }).selectOption('When');
    await dialog.getByLabel('Description', { exact: true }).selectOption('Particulars of the transaction');
    await dialog.getByLabel('Debit', { exact: true }).selectOption('Money out');
    await dialog.getByLabel('Credit', { exact: true }).selectOption('Money in');
    await dialog.getByLabel('Balance', { exact: true }).selectOption(RUNNING_TOTAL);
    await expect(dialog.getByLabel('Dates are written')).toHaveValue('DMY');
    await expect(dialog.getByText(`The first date in the file reads “${today()}”.`)).toBeVisible();
    await expectAccessible(page, 'the choose-the-columns dialog');
    await viewScreenshot(page, 'bank-statements-columns-desktop');

    await page.setViewportSize(PHONE_390);
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    // The file's rows are wider than a phone: they scroll inside their own box.
    await expect.poll(() => rows.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await viewScreenshot(page, 'bank-statements-columns-phone-390');
    await dialog.getByLabel('Dates are written').scrollIntoViewIfNeeded();
    await viewScreenshot(page, 'bank-statements-columns-phone-390-money');
    await page.setViewportSize(DESKTOP);

    await dialog.getByRole('button', { name: 'Read the statement' }).click();
    await expect(dialog).toBeHidden();
    await expect(summary).toContainText(`columns-${TAG}-1.csv`);
    await expect(summary.getByTestId('import-summary')).toHaveText(/^1 line read( ·|$)/);
    await expect(summary).toContainText(`Columns saved for account ${ACCOUNT}`);

    // The account's next statement is read with the saved columns: no dialog.
    await upload(page, unknownColumnsCsv(`POS LODGEMENT COUNTER SECOND ${TAG}`, 3456), `columns-${TAG}-2.csv`);
    await expect(summary).toContainText(`columns-${TAG}-2.csv`);
    await expect(summary.getByTestId('import-summary')).toHaveText(/^1 line read( ·|$)/);
    await expect(summary).not.toContainText('Columns saved');
    await expect(dialog).toBeHidden();
  });

  test('the bank takes back a credited transfer: the reversal waits with its receipts until the bursar marks it handled', async ({
    page,
    request,
  }) => {
    const child = await ikejaDaughter(request);
    await feeForChild(request, {
      child,
      name: `Reversed levy ${TAG}`,
      amount: '4200',
      description: 'A fee the reversal spec pays and the bank takes back',
    });
    const code = await paymentCode(request, child);
    const narration = `NIP/ACCESS/CHUKWUDI OBI/${code} REVERSED ${TAG}`;
    const day = today();
    const opening = 300_000 + Number.parseInt(TAG, 16) / 100;
    const statement = (rows: string[]) =>
      [
        'CRESTVIEW COLLEGE IKEJA - FEES ACCOUNT',
        'Trans Date,Value Date,Narration,Debit,Credit,Balance',
        ...rows,
        '',
      ].join('\r\n');

    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'bursar', '/bursar/bank-statements');
    await upload(
      page,
      statement([`${day},${day},${narration},,4200.00,${(opening + 4200).toFixed(2)}`]),
      `credit-${TAG}.csv`,
    );
    await expect(page.getByRole('region', { name: 'Statement read' }).getByTestId('import-summary')).toContainText(
      '1 credited',
    );
    await upload(
      page,
      statement([`${day},${day},REV/${narration},4200.00,,${opening.toFixed(2)}`]),
      `reversal-${TAG}.csv`,
    );
    await expect(page.getByRole('region', { name: 'Statement read' }).getByTestId('import-summary')).toContainText(
      '1 to review',
    );
    const reversal = lineCard(page, 'Debit', 4200);
    await expect(reversal).toContainText(
      /The bank took back the ₦4,200\.00 credited on .* \(receipts CVC-\d{4}-\d{6}\)/,
    );
    await expect(reversal.getByRole('button', { name: 'Find the student' })).toHaveCount(0);
    await expectAccessible(page, 'a reversal waiting for the bursar');
    await reversal.scrollIntoViewIfNeeded();
    await viewScreenshot(reversal, 'desktop-statement-reversal');
    await page.setViewportSize({ width: 360, height: 800 });
    await viewScreenshot(reversal, 'phone-360-statement-reversal');

    await reversal.getByRole('button', { name: 'Mark as handled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as handled' });
    await dialog.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(dialog).toBeHidden();
    await expect(reversal).toHaveCount(0);
  });

  test('a student who opens the bank statements is sent to the dashboard', async ({ page }) => {
    await signInAs(page, 'student', '/bursar/bank-statements');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
