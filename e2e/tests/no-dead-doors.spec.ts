import { expect, type Page, test } from '@playwright/test';
import { screenshot, signInAs, signInToDashboard } from './support';

/** Every demo account, one per role (and the second school's principal, whose school is not the first). */
const DEMO_USERS = [
  'admin',
  'ict',
  'proprietor',
  'principal',
  'principal2',
  'headteacher',
  'bursar',
  'auditor',
  'student',
  'parent',
];

/** Every link of the sidebar, each group opened, as paths. */
async function sidebarPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const groups = nav.locator('button[aria-expanded="false"]');
  while ((await groups.count()) > 0) await groups.first().click();
  return nav
    .locator('a')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

/** The app's own pages the dashboard links to, once its figures are in. */
async function dashboardPaths(page: Page): Promise<string[]> {
  const main = page.locator('main');
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  const hrefs = await main
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return hrefs.filter((path) => !path.startsWith('/api/'));
}

/**
 * Opens `path` as a link would (inside the app, no reload) and checks the page opened for this
 * user: not turned back to the dashboard, not "Page not found", no "Access Denied", none of its
 * own requests problems and no error thrown in the page.
 */
async function expectOpens(page: Page, path: string, problems: string[]) {
  problems.length = 0;
  const main = page.locator('main');
  // The page before is marked, so the checks below wait for the new one rather than pass on the old.
  await main.evaluate((element) => element.querySelector('h1')?.setAttribute('data-left', ''));
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(main.locator('h1:not([data-left])')).toBeVisible();
  await expect(page, `${path} stays open`).toHaveURL((url) => url.pathname === path);
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(main.getByText('Access Denied'), `${path} is not problems`).toHaveCount(0);
  expect(problems, `${path} asks for nothing it is problems, and works`).toEqual([]);
}

for (const who of DEMO_USERS) {
  test(`every sidebar entry and dashboard link opens a page the ${who} may use`, async ({ page }) => {
    const problems: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) problems.push(`${response.request().method()} ${response.url()}`);
    });
    page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname} failed: ${error.message}`));
    await signInToDashboard(page, who);
    const paths = new Set([...(await dashboardPaths(page)), ...(await sidebarPaths(page))]);
    // Signing in opened the dashboard itself.
    paths.delete('/dashboard');
    expect(paths.size).toBeGreaterThan(0);
    for (const path of paths) await expectOpens(page, path, problems);
  });
}

test('the proprietor reaches Fee Administration and Student Management from the sidebar', async ({ page }) => {
  await signInToDashboard(page, 'proprietor');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Fee Management' }).click();
  await nav.getByRole('link', { name: 'Fee Administration' }).click();
  await expect(page.getByRole('heading', { name: 'Fee Management', level: 1 })).toBeVisible();
  await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Student Management' }).click();
  await expect(page).toHaveURL(/\/admin\/students$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student Management');
});

test('a principal looking for Create Fee is told who creates fees and where they approve them', async ({ page }) => {
  await signInAs(page, 'principal', '/fees');
  await expect(page.getByRole('heading', { name: 'Fee Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Fee' })).toHaveCount(0);
  await expect(
    page.getByText(
      'Fees are created by the bursar or an administrator. You approve or reject them under Pending Approvals.',
    ),
  ).toBeVisible();
  await screenshot(page, 'fees-principal-who-creates');
});
