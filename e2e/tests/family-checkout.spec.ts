import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, PHONE, screenshot, signInAs, viewScreenshot } from './support';

const TAG = randomUUID().slice(0, 6);
const FEES = {
  lab: `Lab levy ${TAG}`,
  sports: `Sports levy ${TAG}`,
  library: `Library levy ${TAG}`,
};

interface Child {
  _id: string;
  firstname: string;
  school: { _id: string; name: string };
}

/** A fee of its own on one child this term, approved by the super-admin. */
async function feeFor(request: APIRequestContext, child: Child, staff: string, name: string, amount: string) {
  const admin = await apiSignIn(request, 'admin');
  const term = (
    await (await request.get('/api/v1/term/current', { headers: bearer(await apiSignIn(request, staff)) })).json()
  ).data;
  expect(term, `${child.school.name} has a current term`).not.toBeNull();
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(admin),
    data: {
      term_id: term._id,
      school_id: child.school._id,
      name,
      description: 'A fee the family checkout spec pays',
      type: 'miscellaneous',
      amount,
      appliesTo: 'students',
      student_ids: [child._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

const feeCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const outstandingOf = (card: Locator) =>
  card.locator('dt', { hasText: 'Outstanding' }).locator('xpath=following-sibling::dd[1]');

async function chooseFees(page: Page) {
  await page.getByRole('button', { name: 'Pay for several fees' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay for several fees' });
  for (const name of Object.values(FEES)) await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
  await expect(dialog.getByTestId('checkout-total')).toHaveText('₦6,500.00');
  const paystack = dialog.getByRole('radio', { name: 'Paystack' });
  await paystack.check();
  await paystack.scrollIntoViewIfNeeded();
  return dialog;
}

test('a parent pays fees of both children in one Paystack checkout and gets a receipt per fee', async ({
  page,
  request,
}) => {
  test.slow();
  const parent = await apiSignIn(request, 'parent');
  const children = (await (await request.get('/api/v1/parent/children', { headers: bearer(parent) })).json())
    .data as Child[];
  const daughter = children.find((child) => child.school.name.endsWith('Ikeja'))!;
  const son = children.find((child) => child.school.name.endsWith('Wuse'))!;
  expect(daughter && son, 'the demo parent has a child at each school').toBeTruthy();
  await feeFor(request, daughter, 'bursar', FEES.lab, '1500');
  await feeFor(request, daughter, 'bursar', FEES.sports, '2000');
  await feeFor(request, son, 'principal2', FEES.library, '3000');

  await signInAs(page, 'parent', '/student/fees');
  await expect(page.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();

  // The selection on a phone first, then on a desktop, where it is paid.
  await page.setViewportSize(PHONE);
  let dialog = await chooseFees(page);
  await viewScreenshot(page, 'phone-family-checkout-selection');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
  dialog = await chooseFees(page);
  await viewScreenshot(page, 'desktop-family-checkout-selection');

  await dialog.getByRole('button', { name: 'Pay ₦6,500.00' }).click();
  await page.waitForURL(/\/checkout\//);
  await expect(page.getByText('NGN 6,500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await page.waitForURL(/\/student\/fees\?checkout=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  const lines = page.getByRole('list', { name: 'Fees paid' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  for (const name of Object.values(FEES)) {
    const line = lines.filter({ hasText: name });
    // Each school's receipt code: CVC at Ikeja, CVW at Wuse.
    await expect(line.getByText(name === FEES.library ? /^CVW-\d{4}-\d{6}$/ : /^CVC-\d{4}-\d{6}$/)).toBeVisible();
    await expect(line.getByRole('button', { name: 'Receipt' })).toBeVisible();
    await expect(line.getByText('still owed ₦0.00')).toBeVisible();
  }
  await screenshot(page, 'desktop-family-checkout-result');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'phone-family-checkout-result');
  await page.setViewportSize({ width: 1280, height: 900 });

  const download = page.waitForEvent('download');
  await lines.filter({ hasText: FEES.library }).getByRole('button', { name: 'Receipt' }).click();
  expect((await download).suggestedFilename()).toMatch(/^CVW-\d{4}-\d{6}\.pdf$/);

  await page.getByRole('button', { name: 'Back to fees' }).click();
  await expect(page).toHaveURL(/\/student\/fees$/);
  await page.getByLabel('Child').selectOption(daughter._id);
  for (const name of [FEES.lab, FEES.sports]) {
    await expect(outstandingOf(feeCard(page, name))).toHaveText('₦0.00');
  }
  await page.getByLabel('Child').selectOption(son._id);
  await expect(outstandingOf(feeCard(page, FEES.library))).toHaveText('₦0.00');
});
