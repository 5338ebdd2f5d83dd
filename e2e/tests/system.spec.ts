import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectAnnounced, PHONE, screenshot, signInAs } from './support';

/**
 * The engine the server under test runs on: PostgreSQL when `npm test` made it a database
 * (E2E_DATABASE_URL), else the embedded one. Each names itself on the page and backs up its own way:
 * a copy of the embedded data folder, or pg_dump.
 */
const onPostgres = Boolean(process.env.E2E_DATABASE_URL);
const ENGINE = onPostgres ? 'PostgreSQL' : 'Embedded (PGlite)';
const BACKUP_FILE = onPostgres ? /^schoolledger-\d{8}T\d{6}Z\.pgdump$/ : /^schoolledger-\d{8}T\d{6}Z\.pglite\.tar\.gz$/;

async function openSystem(page: Page, tab?: string) {
  await page.goto(tab ? `/system?tab=${tab}` : '/system');
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Loading|Checking)/)).toHaveCount(0);
}

test.describe('the ICT administrator’s system page', () => {
  test('shows the database reachable, backs up on demand, and finds a refused webhook in the logs', async ({
    page,
  }) => {
    // Three axe passes and a database backup on a shared two-core machine.
    test.setTimeout(150_000);
    // A forged Paystack delivery: refused, and logged as a warning for the administrator.
    const forged = await page.request.post('/api/v1/payment/paystack/webhook', {
      headers: { 'x-paystack-signature': 'not-the-right-signature', 'content-type': 'application/json' },
      data: { event: 'charge.success', data: { reference: 'SL-FORGED-1' } },
    });
    expect(forged.status()).toBe(401);

    // Any screen leads there through the sidebar; the profile is the lightest to load.
    await signInAs(page, 'ict', '/profile');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System' }).click();
    await expect(page).toHaveURL(/\/system$/);
    await expect(page.getByRole('tab', { name: 'Status', selected: true })).toBeVisible();
    const database = page.getByRole('region', { name: 'Database' });
    await expect(database.getByText('Healthy')).toBeVisible();
    await expect(database.getByText('Connected')).toBeVisible();
    await expect(database.getByRole('definition').getByText(ENGINE, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Jobs per queue' }).getByRole('rowheader', { name: 'backups.run' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Server' }).getByText('1.0.0')).toBeVisible();
    await screenshot(page, 'desktop-system-status');
    await expectAccessible(page, 'system status');

    await page.getByRole('tab', { name: 'Backups' }).click();
    await expect(page).toHaveURL(/tab=backups/);
    await page.getByRole('button', { name: 'Back up now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Back up the database now?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Back up now' }).click();
    await expectAnnounced(page, 'Backup completed successfully', { timeout: 60_000 });
    await expect(dialog).toBeHidden();
    const recent = page.getByRole('table', { name: 'Recent backups' });
    const row = recent.getByRole('row').filter({ hasText: 'Back up now' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Succeeded')).toBeVisible();
    await expect(row.getByText(BACKUP_FILE)).toBeVisible();
    await expect(page.getByText('Every day at 02:00')).toBeVisible();
    await expect(page.getByText('30 days')).toBeVisible();
    await screenshot(page, 'desktop-system-backups');
    await expectAccessible(page, 'system backups');

    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByLabel('Level').selectOption('warn');
    await page.getByLabel('Search logs').fill('signature');
    const logs = page.getByRole('table', { name: /Warnings and errors of the server/ });
    const refused = logs.getByRole('row').filter({ hasText: 'webhook refused: the signature does not match' });
    await expect(refused).toHaveCount(1);
    await expect(page).toHaveURL(/level=warn/);
    await expect(page).toHaveURL(/search=signature/);
    await refused.getByRole('button', { name: 'Details' }).click();
    const details = logs.getByRole('row').filter({ hasText: 'Provider' });
    await expect(details.getByText('paystack', { exact: true })).toBeVisible();
    await expect(details.getByText('/api/v1/payment/paystack/webhook')).toBeVisible();
    await screenshot(page, 'desktop-system-logs');
    await expectAccessible(page, 'system logs');

    await page.setViewportSize(PHONE);
    await openSystem(page);
    await expect(page.getByRole('region', { name: 'Database' }).getByText('Healthy')).toBeVisible();
    await screenshot(page, 'phone-system-status');
    await openSystem(page, 'backups');
    await expect(page.getByRole('table', { name: 'Recent backups' }).getByText('Succeeded').first()).toBeVisible();
    await screenshot(page, 'phone-system-backups');
    await page.goto('/system?tab=logs&level=warn&search=signature');
    await expect(page.getByText('webhook refused: the signature does not match')).toBeVisible();
    // Nothing wider than the phone: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-system-logs');
  });

  test('a bursar has no System entry and is sent back to the dashboard', async ({ page }) => {
    await signInAs(page, 'bursar', '/system');
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'System' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'System', level: 1 })).toHaveCount(0);
  });
});
