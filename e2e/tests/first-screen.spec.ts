import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, signInToDashboard } from './support';

/** Words of our own making (the product's specification and its section marks) that mean nothing to a school. */
const INTERNAL_WORDS = /\bSPEC\b|§/;
const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** Every file of the built web app, by its path inside dist. */
function builtFiles(dir = WEB_DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? builtFiles(full) : [path.relative(WEB_DIST, full)];
  });
}

test.describe("a newcomer's first screen", () => {
  test('the landing page promises only what the app does', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Complete School Accounting Solution' })).toBeVisible();
    await screenshot(page, 'landing');
    const main = page.getByRole('main');
    // Nothing that looks like a button and does nothing: no demo video, no trial without a sign-up.
    await expect(page.getByText(/watch demo/i)).toHaveCount(0);
    await expect(page.getByText(/free trial/i)).toHaveCount(0);
    await expect(main.getByRole('button')).toHaveCount(0);
    await main.getByRole('link', { name: 'See What It Does' }).click();
    await expect(page).toHaveURL(/#features$/);
    await expect(page.getByRole('heading', { name: 'Everything a school bursary needs' })).toBeInViewport();

    await main.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} SchoolLedger. All rights reserved.`);
    // No placeholder phone number to call.
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(0);
  });

  test('an unknown address says the page is not found and leads home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('There is no page at /no-such-page.')).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);
    await screenshot(page, 'page-not-found');
    await expectAccessible(page, 'the page-not-found page');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Complete School Accounting Solution' })).toBeVisible();
  });

  test('a signed-in person at an unknown address is led back to their dashboard', async ({ page }) => {
    await signInToDashboard(page, 'bursar');
    await page.goto('/fees/no-such-tab');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/robots.txt is a robots file', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const rules = (await response.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(rules).toEqual(['User-agent: *', 'Disallow: /']);
  });

  test('the built web app carries no words meant for us', async () => {
    const files = builtFiles().filter((file) => /\.(html|js|css|txt|json|svg)$/.test(file));
    expect(files).toContain('index.html');
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(WEB_DIST, file), 'utf8');
      const match = INTERNAL_WORDS.exec(text);
      return match ? [`${file}: …${text.slice(Math.max(0, match.index - 60), match.index + 60)}…`] : [];
    });
    expect(found).toEqual([]);
  });
});
