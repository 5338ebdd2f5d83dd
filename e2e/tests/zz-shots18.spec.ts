import { expect, test } from '@playwright/test';
import { signInAs } from './support';

// Throwaway: how a capped payment list and the replica line look (not committed).
test('capped payment list', async ({ page }) => {
  await page.route('**/api/v1/payment/all?**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.pagination = { ...body.data.pagination, total: 10000, totalPages: 834, totalIsCapped: true, nextCursor: 'eyJwIjoyfQ' };
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/v1/ict-admin/system-status', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.database = { ...body.data.database, replica: { reachable: true, lagSeconds: 0.4 } };
    await route.fulfill({ response, json: body });
  });
  await signInAs(page, 'admin', '/fees?tab=payments');
  await expect(page.getByText(/of 10,000\+ results/)).toBeVisible();
  await page.getByText(/of 10,000\+ results/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots18/capped-desktop.png', fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByText(/of 10,000\+ results/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots18/capped-phone.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'ict', '/system');
  await expect(page.getByText(/behind/).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots18/system-replica.png', fullPage: true });
});
