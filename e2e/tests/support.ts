import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'schoolledger';
export const email = (name: string) => `${name}@demo.schoolledger.ng`;
export const PHONE = { width: 375, height: 812 };

const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export async function signIn(page: Page, name: string, options: { expectPath?: RegExp } = {}) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email(name));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.expectPath) {
    await expect(page).toHaveURL(options.expectPath);
  } else {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / })).toBeVisible();
  }
}

/** Every entry of the sidebar, with each group expanded: group labels and link labels in order. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const groups = nav.locator('button[aria-expanded]');
  for (let index = 0; index < (await groups.count()); index++) {
    const group = groups.nth(index);
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  return (await nav.locator('a, button').allInnerTexts()).map((text) => text.trim());
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** WCAG 2.1 A and AA, plus "label in name" (still experimental in axe, so off unless asked for). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails the test on any serious or critical accessibility violation of the page as it stands (open
 * dialogs included), listing each rule with the elements it found, so the failure says what to fix.
 */
export async function expectAccessible(page: Page, what: string) {
  // Entrance transitions would have axe measure half-faded colours.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.finish();
  });
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map((node) => `  ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ')}`)
          .join('\n')}`,
    );
  // Soft, so one run lists every screen's violations, not only the first screen's.
  expect.soft(blocking, `accessibility of ${what}`).toEqual([]);
}
