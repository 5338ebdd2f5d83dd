import { expect, type Page, test } from '@playwright/test';
import { email, PASSWORD, PHONE, screenshot, signInAs } from './support';

const SCHOOL = 'Crestview College, Ikeja';
const FROM = 'JSS 3B';
const TO = 'SS 1C';

/** The API as the ICT administrator of the first school, through the page's own request context. */
async function ictApi(page: Page) {
  const login = await page.request.post('/api/v1/auth/login', { data: { email: email('ict'), password: PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).data.token as string}` };
  return {
    async get(url: string) {
      const response = await page.request.get(`/api/v1${url}`, { headers });
      expect(response.status(), url).toBe(200);
      return (await response.json()).data;
    },
    async post(url: string, data: unknown) {
      const response = await page.request.post(`/api/v1${url}`, { headers, data });
      expect(response.status(), url).toBe(200);
      return (await response.json()).data;
    },
  };
}

test('an admin previews and promotes a whole class into a new class arm', async ({ page }) => {
  const api = await ictApi(page);
  const [school] = (await api.get('/school/all')).filter((row: { name: string }) => row.name === SCHOOL);
  const target = await api.post('/classarm/create', { school_id: school._id, name: TO, capacity: 60 });
  const [from] = (await api.get(`/classarm/all?school_id=${school._id}`)).filter(
    (arm: { name: string }) => arm.name === FROM,
  );
  const active = (await api.get(`/students?classArm=${from._id}&academicStatus=active&limit=1`)).pagination.total;
  expect(active).toBeGreaterThan(0);

  await signInAs(page, 'admin', '/admin/students');
  await page.getByRole('button', { name: 'Promote Class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Promote Class' });
  await dialog.getByLabel('School', { exact: true }).selectOption({ label: SCHOOL });
  await dialog.getByLabel('From class').selectOption({ label: FROM });
  await dialog.getByLabel('To class').selectOption(target._id);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByText(`${active} students will move from ${FROM} to ${TO}.`)).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Students to promote' }).getByRole('listitem')).toHaveCount(active);
  await page.setViewportSize(PHONE);
  await screenshot(page, 'phone-promote-class');
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: `Promote ${active} students` }).click();
  await expect(page.getByText(`Successfully promoted ${active} students`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const count = await api.get(`/classarm/${target._id}/student-count`);
  expect(count.classArm.currentStudentCount).toBe(active);
  await page.goto('/class-arms');
  await page.getByRole('combobox', { name: 'School', exact: true }).selectOption({ label: SCHOOL });
  await expect(page.getByText(`${active} / 60 students`)).toBeVisible();
});

test('a capacity refusal is shown in the dialog', async ({ page }) => {
  const api = await ictApi(page);
  const [school] = (await api.get('/school/all')).filter((row: { name: string }) => row.name === SCHOOL);
  const small = await api.post('/classarm/create', { school_id: school._id, name: 'SS 1D', capacity: 1 });

  await signInAs(page, 'ict', '/admin/students');
  await page.getByRole('button', { name: 'Promote Class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Promote Class' });
  // The ICT administrator has one school, so there is nothing to choose.
  await expect(dialog.getByLabel('School', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('From class').selectOption({ label: 'JSS 1A' });
  await dialog.getByLabel('To class').selectOption(small._id);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('SS 1D has room for 1 more student (capacity 1, 0 enrolled)');
  await expect(dialog.getByRole('button', { name: /^Promote \d+ students?$/ })).toHaveCount(0);
});
