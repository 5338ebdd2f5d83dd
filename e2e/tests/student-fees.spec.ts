import { expect, type Page, test } from '@playwright/test';
import { PHONE, screenshot, signInAs } from './support';

const DUE_LABEL = /^(overdue by \d+ days?|Due today|Due in \d+ days?|\d{1,2} [A-Z][a-z]{2} \d{4})$/;

async function openFees(page: Page, who: string) {
  await signInAs(page, who, '/student/fees');
  await expect(page.getByRole('heading', { name: 'My Fee Payments' })).toBeVisible();
}

test.describe('student fee payments', () => {
  test('a student sees their fees for the current term with due labels and badges', async ({ page }) => {
    await openFees(page, 'student');
    await expect(page.getByText('Chiamaka Ifeoma Obi · JSS 2A · Crestview College, Ikeja')).toBeVisible();
    await expect(page.getByLabel('Term', { exact: true }).locator('option:checked')).toContainText('Current');

    const overdue = page.getByRole('article', { name: 'Examination fee', exact: true });
    await expect(overdue.getByText('OVERDUE', { exact: true })).toBeVisible();
    await expect(overdue.getByText(/^overdue by \d+ days?$/)).toBeVisible();
    const dueSoon = page.getByRole('article', { name: 'Development levy', exact: true });
    await expect(dueSoon.getByText('DUE SOON', { exact: true })).toBeVisible();
    await expect(dueSoon.getByText(/^or 3 installments of ₦/)).toBeVisible();
    const transport = page.getByRole('article', { name: 'Transport', exact: true });
    await expect(transport.getByText('PENDING', { exact: true })).toBeVisible();
    await expect(transport.getByText(DUE_LABEL)).toBeVisible();
    await expect(page.getByText(/You have \d+ overdue fees? totalling ₦/)).toBeVisible();
    for (const label of ['Total Amount', 'Overdue Fees', 'Due Soon']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }

    await transport.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Payment Method' });
    await expect(dialog.getByRole('definition').filter({ hasText: '₦45,000.00' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Payment method' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByText('Select a Term or Session')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    const session = page.getByLabel('Session', { exact: true });
    await session.selectOption({ index: (await session.locator('option').count()) - 1 });
    await expect(page.getByLabel('Term', { exact: true })).toHaveValue('');
    await expect(page.getByRole('article').or(page.getByText('No approved fees found')).first()).toBeVisible();

    await page.setViewportSize(PHONE);
    const term = page.getByLabel('Term', { exact: true });
    await term.selectOption((await term.locator('option', { hasText: 'Current' }).getAttribute('value')) ?? '');
    await expect(page.getByLabel('Session', { exact: true })).toHaveValue('');
    await expect(page.getByRole('article', { name: 'Transport', exact: true })).toBeVisible();
    await screenshot(page, 'phone-student-fees');
  });

  test('a parent switches between their two children and sees each one’s fees', async ({ page }) => {
    await openFees(page, 'parent');
    const child = page.getByLabel('Child', { exact: true });
    await expect(child.locator('option')).toHaveText(['Chiamaka Ifeoma Obi', 'Onyedikachi Obi']);
    await expect(page.getByText('Chiamaka Ifeoma Obi · JSS 2A · Crestview College, Ikeja')).toBeVisible();
    await expect(page.getByRole('article', { name: 'JSS Tuition', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Transport', exact: true })).toBeVisible();

    await child.selectOption({ label: 'Onyedikachi Obi' });
    await expect(page.getByText('Onyedikachi Obi · SS 1B · Crestview College, Wuse')).toBeVisible();
    const tuition = page.getByRole('article', { name: 'SS Tuition', exact: true });
    await expect(tuition).toBeVisible();
    await expect(tuition.getByText(DUE_LABEL)).toBeVisible();
    await expect(tuition.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'JSS Tuition', exact: true })).toHaveCount(0);
    await screenshot(page, 'desktop-parent-fees');
    // His history is his own: the demo's last session of SS fees, none of his sister's JSS ones.
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(page.getByRole('article', { name: 'SS Tuition, ₦200,000.00' }).first()).toBeVisible();
    await expect(page.getByRole('article', { name: /^JSS Tuition, / })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Approved Fees' }).click();

    await child.selectOption({ label: 'Chiamaka Ifeoma Obi' });
    await expect(page.getByRole('article', { name: 'JSS Tuition', exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'SS Tuition', exact: true })).toHaveCount(0);
  });
});
