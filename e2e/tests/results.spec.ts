import { expect, test } from '@playwright/test';
import { apiSignIn, bearer, expectAccessible, expectAnnounced, PHONE, screenshot, signInToDashboard } from './support';

/*
 * Issue 14, "Academic figures without inventing them": the head teacher imports a term's results
 * through the screen (previewed row by row, one bad row refused), and the head teacher's dashboard
 * then shows exactly the imported figures for the class arm, "Not recorded yet" before.
 */

interface Arm {
  _id: string;
  name: string;
  results: { studentsWithResults: number; averageScore: number | null; attendanceRate: number | null };
}

test.describe('term results', () => {
  // Charts then draw at once (as for anyone who asked for less motion), so the screenshots show whole bars.
  test.use({ reducedMotion: 'reduce' });

  test('the head teacher imports a results file and the dashboard shows its figures', async ({ page, request }) => {
    test.setTimeout(150_000);
    const head = await apiSignIn(request, 'headteacher');
    const board = (await (await request.get('/api/v1/headteacher/dashboard', { headers: bearer(head) })).json()).data;
    // The last class arm: the other specs take their students from the first ones listed.
    const arm = (board.classArms as Arm[]).at(-1)!;
    expect(arm.results.studentsWithResults).toBe(0);
    const admin = await apiSignIn(request, 'admin');
    const listed = (
      await (await request.get(`/api/v1/students?classArm=${arm._id}&limit=100`, { headers: bearer(admin) })).json()
    ).data.students as { regNo: string; lastname: string; firstname: string }[];
    const [first, second] = listed
      .filter((student) => student.regNo !== 'CVC/2025/0142' && student.lastname !== 'Obi')
      .slice(-2);
    expect(second).toBeDefined();

    await signInToDashboard(page, 'headteacher');
    const armRow = page
      .getByRole('table', { name: 'Class arms' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: arm.name, exact: true }) });
    await expect(armRow.getByText('Not recorded yet').first()).toBeVisible();

    const nav = page.getByRole('navigation', { name: 'Main' });
    const academic = nav.getByRole('button', { name: 'Academic' });
    if ((await academic.getAttribute('aria-expanded')) === 'false') await academic.click();
    await nav.getByRole('link', { name: 'Results' }).click();
    await expect(page).toHaveURL(/\/results/);
    await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
    await expect(page.getByText('No results imported for this term')).toBeVisible();

    const csv = [
      'Registration Number,Average,Position,Class Size,Days Present,Total Days,Late Days,Remark,Mathematics,Mathematics Grade',
      `${first!.regNo},70.5,1,2,60,64,2,Excellent,82,A`,
      `${second!.regNo},60,2,2,50,64,0,,58,C`,
      'NOPE/0001,55,3,2,40,64,0,,50,C',
    ].join('\n');
    await page.getByLabel('Results file').setInputFiles({
      name: 'results.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('2 ready')).toBeVisible();
    await expect(page.getByText('1 with errors (they will be skipped)')).toBeVisible();
    const preview = page.getByRole('table', { name: 'Rows in the file' });
    await expect(preview.getByText('No student with registration number NOPE/0001')).toBeVisible();
    await screenshot(page, 'desktop-results-preview');
    await expectAccessible(page, 'results preview');

    await page.getByRole('button', { name: 'Import 2 results' }).click();
    await expectAnnounced(page, 'Imported results for 2 students');
    const list = page.getByRole('table', { name: 'Results of the term' });
    await expect(list.getByRole('row').filter({ hasText: first!.regNo })).toContainText('70.5');
    await expect(list.getByRole('row').filter({ hasText: first!.regNo })).toContainText('60/64 (2 late)');
    await screenshot(page, 'desktop-results-list');
    await expectAccessible(page, 'results list');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    // (70.5 + 60) / 2 and (60 + 50) / (64 + 64)
    await expect(armRow).toContainText('65.25');
    await expect(armRow).toContainText('2 students');
    await expect(armRow).toContainText('85.9%');
    await screenshot(page, 'desktop-headteacher-dashboard');
    await expectAccessible(page, 'head teacher dashboard');

    await page.setViewportSize(PHONE);
    await page.reload();
    const armItem = page
      .getByRole('list', { name: 'Class arms' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: arm.name, exact: true }) });
    await expect(armItem).toContainText('Average 65.25 · Attendance 85.9% · 2 students');
    await screenshot(page, 'phone-headteacher-dashboard');
    await page.goto('/results');
    await expect(page.getByText(first!.regNo).first()).toBeVisible();
    await screenshot(page, 'phone-results');
    await expectAccessible(page, 'results on a phone');
  });

  test.describe('in the dark theme', () => {
    test.use({ colorScheme: 'dark' });

    test('the results page and the head teacher dashboard stay readable', async ({ page }) => {
      test.setTimeout(90_000);
      await signInToDashboard(page, 'headteacher');
      await expect(page.getByRole('heading', { name: 'Class arms' })).toBeVisible();
      await screenshot(page, 'desktop-headteacher-dashboard-dark');
      await expectAccessible(page, 'head teacher dashboard (dark)');
      await page.goto('/results');
      await expect(page.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();
      await expect(page.getByText(/students with results/)).toBeVisible();
      await screenshot(page, 'desktop-results-dark');
      await expectAccessible(page, 'results (dark)');
    });
  });
});
