import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { bytesOf, pdfPages } from './files';
import {
  apiSignIn,
  bearer,
  expectAccessible,
  expectAnnounced,
  PHONE,
  screenshot,
  signInAs,
  viewScreenshot,
} from './support';

const DEMO_REG_NO = 'CVC/2025/0142';
const DEMO_STUDENT = 'Chiamaka Ifeoma Obi';
const FEE = `Excursion levy ${randomUUID().slice(0, 6)}`;
const DISCOUNT_REASON = 'Early registration discount';

/** A fee of the spec's own on the demo student this term, approved by the super-admin: ₦1,000.50, nothing paid. */
async function createFee(request: APIRequestContext, name: string) {
  const admin = await apiSignIn(request, 'admin');
  const bursar = await apiSignIn(request, 'bursar');
  const term = (await (await request.get('/api/v1/term/current', { headers: bearer(bursar) })).json()).data;
  expect(term, 'the demo school has a current term').not.toBeNull();
  const found = (
    await (await request.get(`/api/v1/students?search=${DEMO_REG_NO}`, { headers: bearer(bursar) })).json()
  ).data.students as { _id: string }[];
  expect(found).toHaveLength(1);
  const created = await request.post('/api/v1/fee/create', {
    headers: bearer(admin),
    data: {
      term_id: term._id,
      school_id: term.session.school,
      name,
      description: 'A fee the adjustments spec follows',
      type: 'miscellaneous',
      amount: '1000.50',
      // Due at the term's end, so the other specs' overdue counts of the demo student stay as they were.
      dueDate: term.endDate.slice(0, 10),
      appliesTo: 'students',
      student_ids: [found[0]!._id],
      isApproved: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return { feeId: (await created.json()).data._id as string, studentId: found[0]!._id, bursar };
}

async function openAdjustments(browser: Browser, who: string) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  // Any screen leads there through the sidebar; the profile is the lightest to load.
  await signInAs(page, who, '/profile');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Fee Management' }).click();
  await nav.getByRole('link', { name: 'Fee Adjustments' }).click();
  await expect(page).toHaveURL(/\/adjustments$/);
  await expect(page.getByRole('heading', { name: 'Fee Adjustments', level: 1 })).toBeVisible();
  return page;
}

const rowOf = (page: Page, kind: string) => page.getByRole('row').filter({ hasText: FEE }).filter({ hasText: kind });

test.describe('fee adjustments', () => {
  test('a discount recorded by the bursar, approved by the principal, reaches the parent’s fee card and statement; another is rejected and the discount reversed', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const { feeId, studentId, bursar } = await createFee(request, FEE);

    // The bursar records 10% off, after the server refuses more than is outstanding.
    const desk = await openAdjustments(browser, 'bursar');
    await expect(desk.getByRole('tab', { name: /^Awaiting approval/ })).toHaveAttribute('aria-selected', 'true');
    await desk.getByRole('button', { name: 'New adjustment' }).click();
    const dialog = desk.getByRole('dialog', { name: 'New adjustment' });
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await expect(dialog.getByText('Student is required')).toBeVisible();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await dialog.getByLabel('Student', { exact: true }).fill(DEMO_REG_NO);
    await dialog.getByRole('button', { name: `Choose ${DEMO_STUDENT}` }).click();
    await expect(dialog.getByText(DEMO_REG_NO)).toBeVisible();
    const fee = dialog.getByLabel('Fee', { exact: true });
    const option = fee.locator('option', { hasText: FEE });
    await expect(option).toHaveText(/₦1,000\.50 outstanding$/);
    await fee.selectOption((await option.getAttribute('value')) ?? '');
    await dialog.getByLabel('Amount (₦)').fill('2000');
    await expect(dialog.getByText('₦1,000.50 − ₦2,000.00 = ₦0.00 outstanding')).toBeVisible();
    await expect(dialog.getByText('This is more than is outstanding on the fee.')).toBeVisible();
    await dialog.getByLabel('Reason').fill(DISCOUNT_REASON);
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await expect(
      dialog.getByText('This would take ₦2,000.00 off a fee with ₦1,000.50 outstanding', { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByLabel('Amount (₦)')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Percentage of the fee').check();
    await dialog.getByLabel('Percentage (%)').fill('10');
    await expect(dialog.getByText('₦1,000.50 − 10% (₦100.05) = ₦900.45 outstanding')).toBeVisible();
    // The registration letter behind the discount, kept with it.
    await dialog.getByLabel('Document').setInputFiles({
      name: 'early-registration.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await expectAccessible(desk, 'the new adjustment dialog');
    await screenshot(desk, 'desktop-adjustments-new');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await expectAnnounced(desk, 'Adjustment recorded. It counts once another person approves it.');
    await expect(dialog).toBeHidden();
    const recorded = rowOf(desk, 'Discount');
    await expect(recorded).toContainText('10% (−₦100.05)');
    await expect(recorded).toContainText(DISCOUNT_REASON);
    await expect(recorded).toContainText('Awaiting approval');
    const saved = desk.waitForEvent('download');
    await recorded.getByRole('button', { name: 'Document', exact: true }).click();
    expect(readFileSync(await (await saved).path()).toString('latin1')).toMatch(/^%PDF-1\.4/);
    // Four eyes: the bursar cannot approve what they recorded.
    await expect(recorded).toContainText('You recorded this; another person must approve or reject it.');
    await expect(recorded.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

    // A waiver to reject, recorded through the API.
    const waiver = await request.post('/api/v1/adjustments', {
      headers: bearer(bursar),
      data: {
        student_id: studentId,
        fee_id: feeId,
        kind: 'waiver',
        basis: 'fixed',
        amount: '100',
        reason: 'Hardship claim',
      },
    });
    expect(waiver.ok(), await waiver.text()).toBe(true);
    await desk.context().close();

    // The principal approves the discount and rejects the waiver with a reason.
    const office = await openAdjustments(browser, 'principal');
    await expect(rowOf(office, 'Waiver')).toContainText('−₦100.00');
    await expectAccessible(office, 'the adjustments awaiting approval');
    await screenshot(office, 'desktop-adjustments-pending');
    await rowOf(office, 'Discount')
      .getByRole('button', { name: `Approve discount for ${DEMO_STUDENT}` })
      .click();
    await expectAnnounced(office, 'Adjustment approved');
    await expect(rowOf(office, 'Discount')).toHaveCount(0);
    await rowOf(office, 'Waiver')
      .getByRole('button', { name: `Reject waiver for ${DEMO_STUDENT}` })
      .click();
    const reject = office.getByRole('dialog', { name: 'Reject adjustment' });
    await expect(reject).toContainText('It will not change what they owe.');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject.getByText('Reason is required')).toBeVisible();
    await reject.getByLabel('Reason for rejecting').fill('No hardship form on file');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expectAnnounced(office, 'Adjustment rejected');
    await expect(rowOf(office, 'Waiver')).toHaveCount(0);

    await office.getByRole('tab', { name: 'All adjustments' }).click();
    await expect(office).toHaveURL(/tab=all/);
    await expect(rowOf(office, 'Waiver')).toContainText('Rejected');
    await expect(rowOf(office, 'Waiver')).toContainText('Reason: No hardship form on file');
    await expect(rowOf(office, 'Discount')).toContainText('Approved');
    await office.getByLabel('Status').selectOption('rejected');
    await expect(office).toHaveURL(/status=rejected/);
    await expect(rowOf(office, 'Discount')).toHaveCount(0);
    await expect(rowOf(office, 'Waiver')).toBeVisible();
    await office.getByLabel('Status').selectOption('all');
    await expectAccessible(office, 'all adjustments');
    await screenshot(office, 'desktop-adjustments-all');
    await office.getByRole('tab', { name: 'Rules' }).click();
    await expect(office.getByRole('heading', { name: /^Rules/ })).toBeVisible();
    await screenshot(office, 'desktop-adjustments-rules');
    await office.getByRole('tab', { name: 'Late fees' }).click();
    await expect(office.getByRole('heading', { name: 'Late fees' })).toBeVisible();
    await screenshot(office, 'desktop-adjustments-late-fees');
    await office.setViewportSize(PHONE);
    await office.getByRole('tab', { name: 'All adjustments' }).click();
    await expect(office.getByRole('list', { name: 'Fee adjustments' }).getByText(FEE).first()).toBeVisible();
    await screenshot(office, 'phone-adjustments-all');
    await office.getByRole('button', { name: 'New adjustment' }).click();
    const phoneForm = office.getByRole('dialog', { name: 'New adjustment' });
    await phoneForm.getByLabel('Percentage of the fee').check();
    await expect(phoneForm.getByLabel('Percentage (%)')).toBeVisible();
    await viewScreenshot(office, 'phone-adjustments-new');
    await phoneForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(phoneForm).toBeHidden();
    await office.getByRole('tab', { name: 'Rules' }).click();
    await expect(office.getByRole('heading', { name: /^Rules/ })).toBeVisible();
    await screenshot(office, 'phone-adjustments-rules');
    await office.getByRole('tab', { name: 'Late fees' }).click();
    await expect(office.getByRole('heading', { name: 'Late fees' })).toBeVisible();
    await screenshot(office, 'phone-adjustments-late-fees');
    await office.getByRole('tab', { name: 'All adjustments' }).click();

    // The parent sees the discount between the fee and what is outstanding, and on the statement.
    const home = await browser.newContext({ acceptDownloads: true });
    const parent = await home.newPage();
    await signInAs(parent, 'parent', '/student/fees');
    const card = parent.getByRole('article', { name: FEE, exact: true });
    await expect(card.getByRole('term').filter({ hasText: 'Discount' })).toBeVisible();
    const figures = await card.locator('dl > div').allInnerTexts();
    expect(figures.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      'Fee ₦1,000.50',
      'Discount −₦100.05',
      'Outstanding ₦900.45',
    ]);
    await viewScreenshot(card, 'desktop-fee-card-discount');
    await parent.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Outstanding')).toBeInViewport();
    await viewScreenshot(card, 'phone-fee-card-discount');
    const downloaded = parent.waitForEvent('download', { timeout: 30_000 });
    await parent.getByRole('button', { name: 'Download statement (PDF)' }).first().click();
    const statement = (await pdfPages(await bytesOf(await downloaded))).join(' ').replace(/\s+/g, ' ');
    expect(statement).toContain(DEMO_STUDENT);
    expect(statement).toContain(`Discount on ${FEE}`);
    expect(statement).toContain(DISCOUNT_REASON);

    // The principal reverses the discount: the warning says what it changes, and the parent owes it again.
    await office.setViewportSize({ width: 1280, height: 720 });
    await rowOf(office, 'Discount')
      .getByRole('button', { name: `Reverse discount for ${DEMO_STUDENT}` })
      .click();
    const reverse = office.getByRole('dialog', { name: 'Reverse adjustment' });
    await expect(reverse).toContainText('the family will owe that much more');
    await expect(reverse).toContainText('this cannot be undone');
    await reverse.getByLabel('Reason for reversing').fill('Registered after the deadline');
    await reverse.getByRole('button', { name: 'Reverse' }).click();
    await expectAnnounced(office, 'Adjustment reversed');
    await expect(rowOf(office, 'Discount')).toContainText('Reversed');
    await expect(rowOf(office, 'Discount')).toContainText('Reason: Registered after the deadline');
    await expect(rowOf(office, 'Discount').getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
    await parent.reload();
    await expect(card.locator('dl > div').last()).toHaveText(/Outstanding\s*₦1,000\.50/);
    await expect(card.getByRole('term').filter({ hasText: 'Discount' })).toHaveCount(0);
    await home.close();
    await office.context().close();
  });

  test('a late fee of one fee’s own is set and deleted, and a scholarship rule is proposed, approved and switched off', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const rule = `Uniform bursary ${randomUUID().slice(0, 6)}`;
    const lateFee = `Late fee check ${randomUUID().slice(0, 6)}`;
    const { feeId } = await createFee(request, lateFee);

    // The principal gives the spec's fee a monthly late fee, which needs a cap.
    const office = await openAdjustments(browser, 'principal');
    await office.getByRole('tab', { name: 'Late fees' }).click();
    await expect(office.getByText('Every fee follows the school default.')).toBeVisible();
    await office.getByRole('button', { name: 'Set a late fee' }).click();
    const form = office.getByRole('dialog', { name: 'Set a late fee' });
    await form.getByLabel('Applies to').selectOption(feeId);
    await form.getByLabel('Amount (₦)').fill('500');
    await form.getByLabel('Charged').selectOption('monthly');
    await form.getByRole('button', { name: 'Save late fee' }).click();
    await expect(form.getByText('A monthly late fee needs a cap')).toBeVisible();
    await form.getByLabel('Cap (₦)').fill('2000');
    await expectAccessible(office, 'the late fee form');
    await form.getByRole('button', { name: 'Save late fee' }).click();
    await expectAnnounced(office, 'Late-fee policy saved');
    const own = office.getByRole('listitem').filter({ hasText: lateFee });
    await expect(own).toContainText('₦500.00 each month');
    await expect(own).toContainText('after 7 days of grace');
    await expect(own).toContainText('at most ₦2,000.00');
    await screenshot(office, 'desktop-adjustments-late-fee-set');
    // Editing keeps the policy on its fee rather than turning it into the school default.
    await own.getByRole('button', { name: `Edit late fee of ${lateFee}` }).click();
    const edit = office.getByRole('dialog', { name: 'Edit late fee' });
    await expect(edit).toContainText(lateFee);
    await edit.getByLabel('Amount (₦)').fill('600');
    await edit.getByRole('button', { name: 'Save late fee' }).click();
    await expect(edit).toBeHidden();
    await expect(own).toContainText('₦600.00 each month');
    await expect(office.getByText('No default late fee')).toBeVisible();
    await own.getByRole('button', { name: `Delete late fee of ${lateFee}` }).click();
    const confirm = office.getByRole('dialog', { name: 'Delete late fee' });
    await expect(confirm).toContainText(`Remove the late fee of ${lateFee}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectAnnounced(office, 'Late-fee policy deleted');
    await expect(office.getByText('Every fee follows the school default.')).toBeVisible();

    // The bursar proposes a scholarship on uniform fees, which no spec bills, for the demo student.
    const desk = await openAdjustments(browser, 'bursar');
    await desk.getByRole('tab', { name: 'Rules' }).click();
    await desk.getByRole('button', { name: 'New rule' }).click();
    const ruleForm = desk.getByRole('dialog', { name: 'New rule' });
    await ruleForm.getByLabel('Kind').selectOption('scholarship');
    await ruleForm.getByLabel('Name', { exact: true }).fill(rule);
    await ruleForm.getByLabel('Tuition').uncheck();
    await ruleForm.getByRole('button', { name: 'Save rule' }).click();
    await expect(ruleForm.getByText('Choose at least one fee type')).toBeVisible();
    await expect(ruleForm.getByText('Choose at least one student')).toBeVisible();
    await ruleForm.getByLabel('Uniform').check();
    await ruleForm.getByLabel('Percentage (%)').fill('50');
    await ruleForm.getByLabel('Find a student').fill(DEMO_REG_NO);
    await ruleForm.getByRole('button', { name: `Add ${DEMO_STUDENT}` }).click();
    await expect(ruleForm.getByRole('list', { name: 'Chosen holders' })).toContainText(DEMO_STUDENT);
    await expectAccessible(desk, 'the new rule form');
    await screenshot(desk, 'desktop-adjustments-new-rule');
    await ruleForm.getByRole('button', { name: 'Save rule' }).click();
    await expectAnnounced(desk, 'Rule saved. It makes adjustments once another person approves it.');
    const proposed = desk.getByRole('article', { name: rule });
    await expect(proposed).toContainText('Awaiting approval');
    await expect(proposed).toContainText('50% of each fee');
    await expect(proposed).toContainText(DEMO_STUDENT);
    await expect(proposed).toContainText('You made this rule; another person must approve or reject it.');
    await desk.context().close();

    // The principal approves it, then switches it off.
    await office.getByRole('tab', { name: 'Rules' }).click();
    const card = office.getByRole('article', { name: rule });
    await card.getByRole('button', { name: `Approve ${rule}` }).click();
    await expectAnnounced(office, 'Rule approved');
    await expect(card).toContainText('Approved');
    const active = card.getByRole('switch', { name: `${rule} active` });
    await expect(active).toHaveAttribute('aria-checked', 'true');
    await active.click();
    await expectAnnounced(office, 'Rule switched off. The adjustments it made stay until reversed.');
    await expect(active).toHaveAttribute('aria-checked', 'false');
    await expectAccessible(office, 'the rules');
    await screenshot(office, 'desktop-adjustments-rules-listed');
    await office.setViewportSize(PHONE);
    await expect(card).toBeInViewport({ ratio: 0.1 });
    await screenshot(office, 'phone-adjustments-rules-listed');
    await office.context().close();
  });

  test('another school sees none of it, the auditor only reads, and a parent is kept out', async ({ browser }) => {
    // Wuse's principal: the Ikeja adjustments of this spec are not theirs to see or decide.
    const wuse = await openAdjustments(browser, 'principal2');
    await wuse.getByRole('tab', { name: 'All adjustments' }).click();
    await expect(wuse.getByRole('row').filter({ hasText: FEE })).toHaveCount(0);
    await wuse.getByRole('tab', { name: 'Awaiting approval' }).click();
    await expect(wuse.getByText('Nothing awaiting approval')).toBeVisible();
    await screenshot(wuse, 'desktop-adjustments-empty');
    await wuse.setViewportSize(PHONE);
    await screenshot(wuse, 'phone-adjustments-empty');
    await wuse.context().close();

    // The auditor reads every adjustment of the school, with no button to change one.
    const auditor = await openAdjustments(browser, 'auditor');
    await auditor.getByRole('tab', { name: 'All adjustments' }).click();
    await expect(auditor.getByRole('heading', { name: /^Adjustments \(\d+\)$/ })).toBeVisible();
    await expect(auditor.getByRole('button', { name: 'New adjustment' })).toHaveCount(0);
    await expect(auditor.getByRole('button', { name: /^(Approve|Reject|Reverse) / })).toHaveCount(0);
    await expectAccessible(auditor, 'the adjustments as the auditor reads them');
    await screenshot(auditor, 'desktop-adjustments-auditor');
    await auditor.setViewportSize(PHONE);
    await expect(
      auditor
        .getByRole('listitem')
        .filter({ hasText: FEE })
        .first()
        .getByText(/^Recorded by Adaeze Eze, \d/),
    ).toBeVisible();
    await screenshot(auditor, 'phone-adjustments-auditor');
    await auditor.context().close();

    // A parent has no Fee Adjustments: the address takes them back to their dashboard.
    const parent = await (await browser.newContext()).newPage();
    await signInAs(parent, 'parent', '/adjustments');
    await expect(parent).toHaveURL(/\/dashboard$/);
    await expect(parent.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(parent.getByRole('link', { name: 'Fee Adjustments' })).toHaveCount(0);
    await parent.context().close();
  });
});
