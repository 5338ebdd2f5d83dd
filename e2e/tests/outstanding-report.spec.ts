import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PHONE, screenshot, signInAs } from './support';

test.describe('outstanding fees on Fee Management', () => {
  test('a bursar sees the current term’s outstanding fees by class arm and student, narrows and exports them', async ({
    page,
  }) => {
    await signInAs(page, 'bursar', '/fees');
    await page.getByRole('tab', { name: 'Outstanding' }).click();
    await expect(page).toHaveURL(/tab=outstanding/);
    const panel = page.getByRole('tabpanel', { name: 'Outstanding' });

    // No term chosen: the server picks the current one and says which.
    await expect(panel.getByLabel('Term', { exact: true })).toHaveValue('');
    await expect(panel.getByText(/^(First|Second|Third) Term, \d{4}\/\d{4}/)).toBeVisible();
    for (const label of ['Expected', 'Paid', 'Outstanding']) {
      await expect(
        panel.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'),
      ).toHaveText(/^₦[\d,]+\.\d{2}$/);
    }
    await expect(
      panel.locator('dt', { hasText: 'Students owing' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(/^\d+ of \d+$/);
    const byArm = panel.getByRole('table', { name: 'Outstanding fees by class arm' });
    await expect(byArm.getByRole('rowheader', { name: 'JSS 2A', exact: true })).toBeVisible();
    const byStudent = panel.getByRole('table', { name: 'Outstanding fees by student' });
    const chiamaka = byStudent.getByRole('row', { name: /Chiamaka Ifeoma Obi/ });
    await expect(chiamaka.getByRole('cell', { name: 'CVC/2025/0142' })).toBeVisible();
    await expect(chiamaka.getByRole('cell', { name: 'JSS 2A' })).toBeVisible();
    await screenshot(page, 'desktop-fees-outstanding');

    await panel.getByLabel('Class arm', { exact: true }).selectOption({ label: 'JSS 2A' });
    await expect(byArm.getByRole('row')).toHaveCount(2);
    await expect(byStudent.getByRole('cell', { name: 'JSS 2A', exact: true }).first()).toBeVisible();
    await expect(
      byStudent.getByRole('cell', { name: /^(JSS|SS) \d[A-Z]$/ }).filter({ hasNotText: 'JSS 2A' }),
    ).toHaveCount(0);

    const downloaded = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^outstanding-(first|second|third)-term-\d{4}-\d{4}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(csv[0]).toBe('Student,Reg No,Class Arm,Expected (NGN),Paid (NGN),Outstanding (NGN)');
    expect(csv.find((line) => line.startsWith('Chiamaka Ifeoma Obi,CVC/2025/0142,JSS 2A,'))).toMatch(
      /,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2}$/,
    );
    expect(csv.at(-1)).toMatch(/^Total,,,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2}$/);
    // Only JSS 2A was asked for: header, its students, total.
    expect(csv.slice(1, -1).every((line) => line.includes(',JSS 2A,'))).toBe(true);
    expect(csv.length).toBeGreaterThan(2);

    await page.setViewportSize(PHONE);
    await expect(byStudent).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-fees-outstanding');
  });
});
