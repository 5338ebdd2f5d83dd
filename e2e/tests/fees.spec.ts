import { expect, type Page, test } from '@playwright/test';
import { apiSignIn, bearer, expectAnnounced, PASSWORD, PHONE, screenshot, signInAs } from './support';

const FEE = 'Science Lab Levy';
const REASON = 'Split the levy per class arm';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const field = (page: Page, name: string) => page.getByRole('dialog').getByLabel(name, { exact: true });
const card = (page: Page) => page.getByRole('article', { name: FEE, exact: true });

async function openFees(page: Page, user: string) {
  await signInAs(page, user, '/fees');
  await expect(page.getByRole('heading', { name: 'Fee Management', level: 1 })).toBeVisible();
}

async function review(page: Page) {
  await page.getByRole('tab', { name: 'Approvals' }).click();
  await card(page).getByRole('button', { name: 'Review' }).click();
  return page.getByRole('dialog', { name: 'Fee Approval Review' });
}

// One fee goes through the four-eyes cycle, so each step builds on the one before.
test.describe.configure({ mode: 'serial' });

test.describe('fee management', () => {
  test('a bursar creates a fee for two class arms', async ({ page }) => {
    await openFees(page, 'bursar');
    await page.getByRole('tab', { name: 'Fee Management' }).click();
    await page.getByRole('button', { name: 'Create Fee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Fee' });
    await dialog.getByRole('button', { name: 'Save Fee' }).click();
    await expect(dialog.getByText('Fee name is required')).toBeVisible();
    await expect(dialog.getByText('Fee type is required')).toBeVisible();
    await expect(field(page, 'Term').locator('option:checked')).toContainText('current');
    await expect(dialog.getByLabel('Pre-approve (admin only)')).toHaveCount(0);

    await field(page, 'Fee name').fill(FEE);
    await field(page, 'Description').fill('Laboratory consumables for the junior classes');
    await field(page, 'Fee type').selectOption('laboratory');
    await field(page, 'Amount (₦)').fill('15000.50');
    await field(page, 'Allow installments').check();
    await field(page, 'Number of installments').fill('3');
    await field(page, 'Due date').fill(day(20));
    await dialog.getByRole('radio', { name: 'Class arms' }).check();
    await dialog.getByRole('checkbox', { name: 'JSS 1A', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'JSS 1B', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save Fee' }).click();
    await expectAnnounced(page, 'Fee created successfully!');
    await expect(dialog).toBeHidden();

    await expect(card(page).getByText('Pending Approval')).toBeVisible();
    await expect(card(page).getByText('₦15,000.50')).toBeVisible();
    await expect(card(page).getByText('JSS 1A, JSS 1B')).toBeVisible();
    await expect(card(page).getByText('3 installments of ₦5,000.17')).toBeVisible();
    await screenshot(page, 'desktop-fees');

    // The author may not approve their own fee.
    const dialogOwn = await review(page);
    await expect(dialogOwn.getByText('another reviewer must approve it')).toBeVisible();
    await expect(dialogOwn.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(dialogOwn.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  });

  test('the principal rejects it with a reason', async ({ page }) => {
    await openFees(page, 'principal');
    const dialog = await review(page);
    await expect(dialog.getByText('JSS 1A, JSS 1B')).toBeVisible();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please provide a reason for rejection')).toBeVisible();
    await dialog.getByLabel('Reason for rejection').fill(REASON);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page)).toBeHidden();
  });

  test('the bursar sees the reason and edits the fee', async ({ page }) => {
    await openFees(page, 'bursar');
    await page.getByRole('tab', { name: 'Fee Management' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Rejected' });
    await expect(card(page).getByText('Rejected', { exact: true })).toBeVisible();
    await expect(card(page).getByText(REASON)).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();

    await page.getByRole('button', { name: `Edit ${FEE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Fee' });
    await expect(dialog.getByRole('checkbox', { name: 'JSS 1B', exact: true })).toBeChecked();
    await field(page, 'Amount (₦)').fill('12000');
    await dialog.getByRole('button', { name: 'Save Fee' }).click();
    await expectAnnounced(page, 'Fee updated successfully!');
    await expect(card(page).getByText('Pending Approval')).toBeVisible();
    await expect(card(page).getByText('₦12,000.00')).toBeVisible();
  });

  test('the principal approves it and its history shows every step', async ({ page }) => {
    await openFees(page, 'principal');
    const dialog = await review(page);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectAnnounced(page, 'Fee approved successfully!');
    await expect(card(page)).toBeHidden();

    await page.getByRole('tab', { name: 'Fee Management' }).click();
    await expect(card(page).getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${FEE}` })).toHaveCount(0);
    await page.getByRole('button', { name: `History of ${FEE}` }).click();
    const history = page.getByRole('dialog', { name: `History of ${FEE}` });
    await expect(history.getByText('Created by Adaeze Eze')).toBeVisible();
    await expect(history.getByText('Rejected by Ibrahim Musa')).toBeVisible();
    await expect(history.getByText(`Reason: ${REASON}`)).toBeVisible();
    await expect(history.getByText('Amount: ₦15,000.50 → ₦12,000.00')).toBeVisible();
    await expect(history.getByText('Approved by Ibrahim Musa')).toBeVisible();
  });

  test('a student of a targeted class sees it with its due label; a student of another class does not', async ({
    page,
  }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'admin@demo.schoolledger.ng', password: 'schoolledger' },
    });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    const arms = (await (await page.request.get('/api/v1/classarm/all', { headers })).json()).data as {
      _id: string;
      name: string;
    }[];
    const ikeja = (await (await page.request.get('/api/v1/school/all', { headers })).json()).data.find(
      (school: { name: string }) => school.name === 'Crestview College, Ikeja',
    );
    const jss1a = arms.find((arm) => arm.name === 'JSS 1A' && (arm as { school?: string }).school === ikeja._id)!;
    const listed = await page.request.get(`/api/v1/students?classArm=${jss1a._id}&limit=1`, { headers });
    const [student] = (await listed.json()).data.students as { email: string }[];

    await signInAs(page, { email: student!.email, password: PASSWORD }, '/student/fees');
    const fee = page.getByRole('article', { name: FEE, exact: true });
    const label = new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day(20)}T00:00:00Z`));
    await expect(fee.getByText(label)).toBeVisible();
    await expect(fee.getByText('PENDING', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signInAs(page, 'student', '/student/fees');
    await expect(page.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name: FEE, exact: true })).toHaveCount(0);
  });

  test('on a phone the bursar reads the approved fee and is told an edit sends it back', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openFees(page, 'bursar');
    await page.getByRole('tab', { name: 'Fee Management' }).click();
    await expect(card(page).getByText('Approved', { exact: true })).toBeVisible();
    await screenshot(page, 'phone-fees');
    await page.getByRole('button', { name: `Edit ${FEE}` }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Fee' }).getByText(/sends it back for approval/)).toBeVisible();
  });
});

test.describe('what a fee card says of who still owes', () => {
  test('a past fee most families paid says how many students owe and how much, not "Overdue by"', async ({ page }) => {
    const bursar = await apiSignIn(page.request, 'bursar');
    const listed = await page.request.get('/api/v1/fee/all?search=Examination%20fee&limit=50', {
      headers: bearer(bursar),
    });
    const today = new Date().toISOString().slice(0, 10);
    // Of the examination fees gone past their date, the one the fewest students still owe: last
    // session's, which most families paid.
    const [past] = ((await listed.json()).data.fees as PastFee[])
      .filter((fee) => fee.effectiveDueDate < today && fee.owing !== null && fee.owing.students > 0)
      .sort((a, b) => a.owing!.students - b.owing!.students);
    expect(past, 'an examination fee past its date that some students still owe').toBeDefined();
    const { students, amount } = past!.owing!;
    const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(amount);

    await signInAs(page, 'bursar', `/fees?tab=fees&term=${past!.term._id}&search=Examination%20fee`);
    const examination = page.getByRole('article', { name: 'Examination fee', exact: true });
    await expect(examination).toContainText(`${students} student${students === 1 ? ' owes' : 's owe'} ${naira}`);
    await expect(examination).toContainText('Was due');
    await expect(page.getByText(/overdue by/i)).toHaveCount(0);
    await screenshot(page, 'desktop-fee-owing');
  });
});

interface PastFee {
  effectiveDueDate: string;
  term: { _id: string };
  owing: { students: number; amount: number } | null;
}
