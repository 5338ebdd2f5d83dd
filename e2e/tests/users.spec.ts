import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAnnounced, PHONE, screenshot, signInAs } from './support';

test.describe('user management', () => {
  test('an admin creates a user, finds them, deactivates them and exports the list', async ({ page }) => {
    await signInAs(page, 'ict', '/users');
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
    await expect(page.getByText(/^Users \(\d+\)$/)).toBeVisible();

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('First name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Please select at least one role')).toBeVisible();

    await dialog.getByLabel('First name', { exact: true }).fill('Halima');
    await dialog.getByLabel('Last name', { exact: true }).fill('Yusuf');
    await dialog.getByLabel('Email', { exact: true }).fill('halima.yusuf@ikeja.crestview.edu.ng');
    // The ICT administrator is offered only roles whose permissions they hold themself.
    await expect(dialog.getByRole('checkbox', { name: 'Bursar' })).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: 'Head Teacher' }).check();
    await dialog.getByLabel('Password', { exact: true }).fill('a-strong-password');
    await dialog.getByLabel('Confirm password', { exact: true }).fill('a-different-one');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
    await dialog.getByLabel('Confirm password', { exact: true }).fill('a-strong-password');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectAnnounced(page, 'User created successfully!');

    await page.getByLabel('Search users').fill('halima.yusuf@');
    const row = page.getByRole('checkbox', { name: 'Select Halima Yusuf' });
    await expect(row).toBeVisible();
    await expect(page.getByText('Users (1)')).toBeVisible();
    await expect(page.getByText('Never').first()).toBeVisible();
    await row.check();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectAnnounced(page, 'Users deactivated successfully');
    await expect(page.getByRole('row', { name: /Halima Yusuf/ }).getByText('Inactive', { exact: true })).toBeVisible();

    await page.getByLabel('Search users').fill('');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).first().click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('users.csv');
    // The file starts with a byte-order mark so that Excel reads it as UTF-8.
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toBe('ID,First Name,Last Name,Email,Roles,Status,Last Login,Created At');
    expect(csv).toContain('halima.yusuf@ikeja.crestview.edu.ng');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'phone-users');
  });

  test('a principal reads the school’s directory, searches it, and is told who changes accounts', async ({ page }) => {
    await signInAs(page, 'principal', '/users');
    await expect(page.getByText('Accounts are created and changed by the school’s administrators')).toBeVisible();
    await page.getByLabel('Search users').fill('Adaeze');
    const bursar = page.getByRole('row', { name: /Adaeze Eze/ });
    await expect(bursar.getByText('Bursar', { exact: true })).toBeVisible();
    await expect(bursar.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Last login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await screenshot(page, 'users-directory-principal');
  });
});
