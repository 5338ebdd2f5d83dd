import { expect, type Page, test } from '@playwright/test';
import { OFTEN, screenshot, signInAs } from './support';

/** Every demo role once (the second principal's screens are the first's). */
const ROLES = ['admin', 'ict', 'proprietor', 'principal', 'headteacher', 'bursar', 'auditor', 'student', 'parent'];
/** The narrowest phones in use, and the common one. */
const WIDTHS = [360, 390];

/** A page of the sidebar, with the label of the group it is listed under (null at the top level). */
interface SidebarPage {
  path: string;
  group: string | null;
}

/** The pages of the role's sidebar, read from the sidebar itself so a new entry is walked too. */
async function sidebarPages(page: Page): Promise<SidebarPage[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const groups = nav.locator('button[aria-expanded="false"]');
  while ((await groups.count()) > 0) await groups.first().click();
  const links = await nav.locator('a[href^="/"]').evaluateAll((links) =>
    links.map((link) => ({
      path: link.getAttribute('href')!,
      // A group is a button heading the list it opens (sidebar.tsx), the two in one item.
      group:
        link.closest('ul')?.closest('li')?.querySelector(':scope > button[aria-expanded]')?.textContent?.trim() ?? null,
    })),
  );
  return links.filter((link, index) => links.findIndex((other) => other.path === link.path) === index);
}

/**
 * Opens the page from the phone's sidebar drawer, as a reader does (opening the group it is listed
 * under, if closed), and waits until the new screen has shown what it loads: a heading that is not
 * the last screen's, no request in flight, no "Loading…". The app is not reloaded per page, so the
 * walk costs little more than the pages themselves.
 */
async function openFromDrawer(page: Page, { path, group }: SidebarPage) {
  // The heading being left keeps its text in an attribute: the next screen's heading is a new
  // element or, where a screen reuses it, another text.
  await page.locator('main h1').evaluate((h1) => h1.setAttribute('data-left', h1.textContent ?? ''));
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  // Only the page's own group: each click on a group is a round of rendering, and the walk makes
  // about ninety openings.
  if (group) {
    const toggle = drawer.getByRole('button', { name: group, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  }
  await drawer.locator(`a[href="${path}"]`).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const h1 = document.querySelector('main h1');
          return !!h1 && h1.getAttribute('data-left') !== h1.textContent;
        }),
      OFTEN,
    )
    .toBe(true);
  await settled(page);
}

/** No request in flight and no "Loading…" left: the screen shows all it loads. */
async function settled(page: Page) {
  await expect(page.locator('main h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/**
 * What a phone reader would trip on, measured in the page.
 *
 * Sideways scroll: the document is wider than the screen. Tables may scroll inside their own box;
 * the page itself may not.
 *
 * A word broken inside itself: every visible text is cut into words (between spaces, and after the
 * hyphens and slashes a browser may wrap at, so "2025/2026" or "RCP-2026-001046" may still wrap
 * there), and each word's own line boxes are asked of the browser (Range.getClientRects). A word
 * whose boxes start on two different lines was wrapped mid-word, which only happens when its box is
 * narrower than the word (the Recent Payments column squeezed to 40 px). This measures the text as
 * laid out rather than guessing from widths, so it holds for any font size, and an ellipsis
 * (truncate) or a table scrolling in its own box, both of which keep a word whole, pass.
 */
function phoneProblems() {
  const problems: string[] = [];
  const root = document.scrollingElement!;
  if (root.scrollWidth > window.innerWidth)
    problems.push(`the page scrolls sideways: ${root.scrollWidth}px wide in ${window.innerWidth}px`);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const text = node.textContent ?? '';
    for (const word of text.matchAll(/[^\s\-‐–—/]{2,}/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set(
        [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
      );
      if (tops.size > 1) {
        const where = parent.closest('[aria-label], section, article, td, li, h1, h2, h3')?.getAttribute('aria-label');
        problems.push(
          `"${word[0]}" is broken across lines${where ? ` in "${where}"` : ''} (<${parent.tagName.toLowerCase()}> ${Math.round(parent.getBoundingClientRect().width)}px wide)`,
        );
      }
    }
  }
  return problems;
}

test.describe('every page on a phone', () => {
  for (const role of ROLES) {
    test(`${role}: no sideways scroll and no word broken at 360 and 390 px`, async ({ page }) => {
      await signInAs(page, role, '/dashboard');
      const pages = await sidebarPages(page);
      expect(pages.length).toBeGreaterThan(0);
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      for (const { path, group } of pages) {
        // The walk starts on the dashboard, where signing in left it.
        if (path === '/dashboard') await settled(page);
        else await openFromDrawer(page, { path, group });
        // Each width on the same screen: a resize lays the page out again, as turning a phone does.
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
          const problems = await page.evaluate(phoneProblems);
          if (problems.length) await screenshot(page, `phone-walk-${role}${path.replaceAll(/[/?=&]/g, '-')}-${width}`);
          expect.soft(problems, `${role} on ${path} at ${width} px`).toEqual([]);
        }
      }
    });
  }
});
