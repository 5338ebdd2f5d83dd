import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  apiSignIn,
  bearer,
  expectAnnounced,
  feeForChild,
  ikejaDaughter,
  PHONE,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const TAG = randomUUID().slice(0, 6);
const DESKTOP = { width: 1280, height: 900 };

/** The whole of `locator` lies inside the window, nothing to scroll to. */
async function expectWhollyInView(page: Page, name: string) {
  const button = page.getByRole('dialog').getByRole('button', { name, exact: true });
  await expect(button).toBeInViewport({ ratio: 1 });
}

test.describe('the transfer claim and the cash desk', () => {
  test('a transfer claim is prefilled, submitted from a footer in view, and quotes the bank reference to payer and bursar', async ({
    page,
    request,
  }) => {
    test.slow();
    const child = await ikejaDaughter(request);
    const fee = `Excursion levy ${TAG}`;
    await feeForChild(request, {
      child: child,
      name: fee,
      amount: '7250',
      description: 'A fee the claim and slip spec pays',
    });
    const bankReference = `GTB-${TAG}-0042`;

    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'parent', '/student/fees');
    await expect(page.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();
    await page.getByLabel('Child').selectOption(child._id);
    await page.getByRole('article', { name: fee, exact: true }).getByRole('button', { name: 'Pay Now' }).click();
    const methods = page.getByRole('dialog', { name: 'Choose Payment Method' });
    await methods.getByRole('radio', { name: /^Bank Transfer/ }).check();
    await methods.getByRole('button', { name: 'Continue' }).click();

    const bank = page.getByRole('dialog', { name: 'Bank Transfer Details' });
    // The child's payment code, to write in the transfer's narration, as the server gives it.
    const offered = await request.get(`/api/v1/payment/available-methods?student_id=${child._id}`, {
      headers: bearer(await apiSignIn(request, 'parent')),
    });
    const code = ((await offered.json()).data.methods as { bank_details: { payment_code: string } | null }[]).find(
      (option) => option.bank_details,
    )?.bank_details?.payment_code;
    expect(code).toMatch(/^SL[0-9A-Z]{6}$/);
    await expect(bank.getByText(code!, { exact: true })).toBeVisible();
    await expect(bank.getByText(/Write this code in the transfer's description/)).toBeVisible();
    await bank.getByRole('button', { name: 'I have made this transfer' }).click();
    await expect(bank.getByLabel('Amount transferred (₦)')).toHaveValue('7250.00');
    // One way on: recording the transfer, in the footer that stays in view below the bank details.
    await expectWhollyInView(page, 'Record transfer');
    await expect(bank.getByRole('button', { name: 'I Understand' })).toHaveCount(0);
    await expect(bank.getByRole('button', { name: 'Record transfer' })).toHaveCount(1);
    await bank.getByLabel('Reference from your bank').fill(bankReference);
    await expectWhollyInView(page, 'Record transfer');
    await viewScreenshot(page, 'desktop-transfer-claim');
    await page.setViewportSize(PHONE);
    await expectWhollyInView(page, 'Record transfer');
    await viewScreenshot(page, 'phone-transfer-claim');
    await page.setViewportSize(DESKTOP);
    await bank.getByRole('button', { name: 'Record transfer' }).click();

    const recorded = page.getByRole('dialog', { name: 'Transfer Recorded' });
    await expect(recorded).toContainText('₦7,250.00');
    await expect(recorded).toContainText(`bank reference ${bankReference}`);
    await recorded.getByRole('button', { name: 'Done' }).click();

    // The bursar reads the same reference before confirming, the button in view on the same screen.
    await signInAs(page, 'bursar', '/fees?tab=payments');
    const item = page
      .getByRole('region', { name: /Bank transfers awaiting confirmation/ })
      .getByRole('listitem', { name: `Transfer ${bankReference}` });
    await expect(item).toContainText('₦7,250.00');
    await item.getByRole('button', { name: 'Confirm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm bank transfer' });
    await expect(confirm).toContainText(bankReference);
    await expect(confirm).toContainText('₦7,250.00');
    await expectWhollyInView(page, 'Confirm transfer');
    await confirm.getByRole('button', { name: 'Confirm transfer' }).click();
    await expectAnnounced(page, 'Bank transfer confirmed successfully!');
    await expect(item).toBeHidden();
  });

  test('Print Receipt prints the 80 mm slip, with the receipt number and the notes', async ({ page, request }) => {
    const child = await ikejaDaughter(request);
    const fee = `Uniform levy ${TAG}`;
    await feeForChild(request, {
      child: child,
      name: fee,
      amount: '3400',
      description: 'A fee the claim and slip spec pays',
    });
    const notes = `Paid by her aunt, Mrs Okafor (${TAG})`;

    // The print dialog would block the page: record what would have gone to the printer instead.
    await page.addInitScript(() => {
      const calls: string[][] = [];
      Object.assign(window, { printCalls: calls });
      window.print = () => {
        const pages = [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule) => rule instanceof CSSPageRule)
          .map((rule) => (rule as CSSPageRule).style.getPropertyValue('size'));
        calls.push(pages);
      };
    });
    await page.setViewportSize(DESKTOP);
    await signInAs(page, 'bursar', '/bursar/cash-payments');
    await page.getByLabel('Search student').fill(child.regNo);
    await page
      .getByRole('list', { name: 'Matching students' })
      .getByRole('button', { name: /Chiamaka/ })
      .click();
    await page.getByRole('radio', { name: new RegExp(fee) }).check();
    await page.getByLabel('Notes').fill(notes);
    await page.getByRole('button', { name: 'Record cash payment' }).click();

    const receipt = page.getByRole('region', { name: 'Payment Receipt' });
    await expect(receipt).toContainText(notes);
    const receiptNo = (
      await receipt
        .getByText(/^CV[A-Z]-\d{4}-\d{6}$/)
        .first()
        .innerText()
    ).trim();

    await page.getByRole('button', { name: 'Print Receipt' }).click();
    await expectAnnounced(page, 'Receipt sent to printer');
    const calls = await page.evaluate(() => (window as unknown as { printCalls: string[][] }).printCalls);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([expect.stringMatching(/^80mm \d+mm$/)]);

    // On paper: the slip alone, the till roll's width, number and notes on it.
    await page.emulateMedia({ media: 'print' });
    const slip = page.getByRole('article', { name: 'Printed payment receipt' });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(receiptNo);
    await expect(slip).toContainText(notes);
    await expect(slip).toContainText('₦3,400.00');
    await expect(receipt).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const millimetres = ((await slip.boundingBox())!.width * 25.4) / 96;
    expect(millimetres).toBeLessThanOrEqual(80);
    await viewScreenshot(slip, 'cash-receipt-slip');
    await page.emulateMedia({ media: 'screen' });
    await expect(slip).toBeHidden();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-cash-receipt-notes');
  });
});
