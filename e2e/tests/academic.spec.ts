import { expect, type Page, test } from '@playwright/test';
import { expectAnnounced, PHONE, screenshot, signInAs } from './support';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const field = (page: Page, name: string) => page.getByRole('dialog').getByLabel(name, { exact: true });

test.describe('academic structure', () => {
  test('an admin builds a school with a session, a term and a class arm through the screens', async ({ page }) => {
    await signInAs(page, 'admin', '/schools');
    await expect(page.getByRole('heading', { name: 'School Management' })).toBeVisible();

    await page.getByRole('button', { name: 'New School' }).click();
    const dialog = page.getByRole('dialog', { name: 'New School' });
    await dialog.getByRole('button', { name: 'Create School' }).click();
    await expect(dialog.getByText('School name is required')).toBeVisible();
    await expect(dialog.getByText('Phone number is required')).toBeVisible();

    await field(page, 'Group school').selectOption({ label: 'Crestview Educational Group' });
    await field(page, 'School name').fill('Crestview College, Ibadan');
    await field(page, 'Email').fill('info@ibadan.crestview.edu.ng');
    await field(page, 'Phone number').fill('+2348031112222');
    await field(page, 'Street').fill('Ring Road');
    await field(page, 'Street number').fill('21');
    await field(page, 'Town').fill('Ibadan');
    await field(page, 'State').fill('Oyo');
    await field(page, 'ZIP code').fill('200273');
    await dialog.getByRole('button', { name: 'Create School' }).click();
    await expectAnnounced(page, 'School created successfully!');
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Schools' }).click();
    await page.getByRole('button', { name: 'Select Crestview College, Ibadan' }).click();
    await expect(page.getByRole('button', { name: 'Selected: Crestview College, Ibadan' })).toBeVisible();

    await page.getByRole('tab', { name: 'Sessions' }).click();
    await expect(page.getByText('No sessions yet')).toBeVisible();
    await page.getByRole('button', { name: 'New Session' }).click();
    await field(page, 'Session name').fill('Ibadan 2026/2027');
    await field(page, 'Start date').fill(day(-60));
    await field(page, 'End date').fill(day(200));
    await page.getByRole('dialog').getByRole('button', { name: 'Create Session' }).click();
    await expectAnnounced(page, 'Session created successfully!');
    const sessionCard = page.getByText('Ibadan 2026/2027').locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
    await expect(sessionCard.getByText('Current')).toBeVisible();

    await page.getByRole('tab', { name: 'Terms' }).click();
    await page.getByRole('button', { name: 'New Term' }).click();
    await field(page, 'Session').selectOption({ label: 'Ibadan 2026/2027' });
    await field(page, 'Term name').fill('First Term');
    await field(page, 'Start date').fill(day(-300));
    await field(page, 'End date').fill(day(30));
    await page.getByRole('dialog').getByRole('button', { name: 'Create Term' }).click();
    await expect(page.getByRole('dialog').getByText(/Term dates must fall within the session/)).toBeVisible();
    await field(page, 'Start date').fill(day(-30));
    await page.getByRole('dialog').getByRole('button', { name: 'Create Term' }).click();
    await expectAnnounced(page, 'Term created successfully!');
    await expect(page.getByText('First Term')).toBeVisible();

    await page.getByRole('tab', { name: 'Classes' }).click();
    await page.getByRole('button', { name: 'New Class Arm' }).click();
    await field(page, 'Class arm name').fill('JSS 1A');
    await field(page, 'Capacity').fill('30');
    await page.getByRole('dialog').getByRole('button', { name: 'Create Class Arm' }).click();
    await expectAnnounced(page, 'Class arm created successfully!');
    await expect(page.getByText('0 / 30 students')).toBeVisible();
    await expect(page.getByText('Available', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Overview' }).click();
    await screenshot(page, 'desktop-school-management');
  });

  test('the chosen school survives a reload', async ({ page }) => {
    await signInAs(page, 'admin', '/sessions');
    const school = page.getByRole('combobox', { name: 'School', exact: true });
    await school.selectOption({ label: 'Crestview College, Wuse' });
    const chosen = await school.inputValue();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'School', exact: true })).toHaveValue(chosen);
    await expect(page.getByRole('combobox', { name: 'School', exact: true }).locator('option:checked')).toHaveText(
      'Crestview College, Wuse',
    );
  });

  test('a principal sees their own school only, without delete buttons, on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, 'principal2', '/class-arms');
    await expect(page.getByRole('heading', { name: 'SS 3B', exact: true })).toBeVisible();
    await expect(page.getByText('Crestview College, Ikeja')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await screenshot(page, 'phone-class-arms');
    await page.goto('/sessions');
    await expect(page.getByText('Current').first()).toBeVisible();
    await screenshot(page, 'phone-sessions');
    await page.goto('/terms');
    await screenshot(page, 'phone-terms');
  });

  test('a principal edits a term and sees the change', async ({ page }) => {
    await signInAs(page, 'principal', '/terms');
    await page
      .getByRole('button', { name: /^Edit Third Term/ })
      .first()
      .click();
    await field(page, 'Term name').fill('Third Term (Promotion)');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await expectAnnounced(page, 'Term updated successfully!');
    await expect(page.getByText('Third Term (Promotion)').first()).toBeVisible();
  });
});
