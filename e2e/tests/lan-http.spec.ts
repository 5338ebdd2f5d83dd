import { expect, test } from '@playwright/test';
import config from '../playwright.config';
import { email, PASSWORD, PHONE, screenshot } from './support';

// A school's own network: a phone opens the server by a name that is not localhost, over plain
// HTTP. Chromium treats localhost as secure, so the name is mapped to the loopback address.
const LAN_HOST = 'lan.school.test';
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
  viewport: PHONE,
});

test('a bursar on the school network over plain HTTP sees the login page and signs in', async ({ page, baseURL }) => {
  const lan = new URL(baseURL!);
  lan.hostname = LAN_HOST;
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));

  await page.goto(new URL('/login', lan).toString());
  await expect(page.getByText('Welcome back! Please sign in to your account.')).toBeVisible();
  await screenshot(page, 'lan-http-login');
  await page.getByLabel('Email address').fill(email('bursar'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://${LAN_HOST}:\\d+/dashboard$`));
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / })).toBeVisible();
  expect(failed).toEqual([]);
});
