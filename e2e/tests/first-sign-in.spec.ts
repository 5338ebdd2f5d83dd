import { type APIRequestContext, expect, test } from '@playwright/test';
import { email, PASSWORD, screenshot } from './support';

/** Enrols a student as the ICT administrator, through the API, and returns their first password. */
async function enrolStudent(request: APIRequestContext, firstname: string, regNo: string, studentEmail: string) {
  const signIn = await request.post('/api/v1/auth/login', { data: { email: email('ict'), password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${(await signIn.json()).data.token}` };
  const arms = await request.get('/api/v1/classarm/all', { headers });
  const [arm] = (await arms.json()).data as { _id: string; school: string }[];
  const created = await request.post('/api/v1/students', {
    headers,
    data: {
      firstname,
      lastname: 'Adeyemi',
      email: studentEmail,
      phone: '08031112222',
      DOB: '2012-02-14',
      gender: 'Female',
      regNo,
      address: { street: '4 Awolowo Way', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
      school_id: arm!.school,
      classArm_id: arm!._id,
      type: 'day',
      expectedGraduationYear: 2030,
      guardian: { name: 'Funke Adeyemi', relationship: 'Mother', phone: '08035556666' },
      emergencyContact: { name: 'Dayo Adeyemi', relationship: 'Uncle', phone: '08037778888' },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return `${firstname.toLowerCase()}${regNo}`;
}

test('a student signing in for the first time must set a password, then reaches the dashboard', async ({
  page,
  request,
}) => {
  const studentEmail = 'yetunde.first@example.ng';
  const firstPassword = await enrolStudent(request, 'Yetunde', 'CVC/2025/6101', studentEmail);

  await page.goto('/login');
  await page.getByLabel('Email address').fill(studentEmail);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please set a new password before you continue.' }),
  ).toBeVisible();
  // Nothing else of the profile is offered: the server would refuse it.
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toHaveCount(0);
  await screenshot(page, 'first-sign-in-change-password');

  // Leaving for another page brings the student straight back.
  await page.goto('/student/fees');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByLabel('New password', { exact: true }).fill('yetunde-own-pass');
  await page.getByLabel('Confirm new password').fill('yetunde-own-pass');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Yetunde/ })).toBeVisible();
  await page.goto('/student/fees');
  await expect(page).toHaveURL(/\/student\/fees/);
});

test('a call refused with PASSWORD_CHANGE_REQUIRED sends a stale session to the password screen', async ({
  page,
  request,
}) => {
  const studentEmail = 'bisola.first@example.ng';
  const firstPassword = await enrolStudent(request, 'Bisola', 'CVC/2025/6102', studentEmail);
  await page.goto('/login');
  await page.getByLabel('Email address').fill(studentEmail);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The app's copy of the user says the password is fine (as a stale copy from another tab
  // would): the next page's calls are refused by the server, and the app follows the server.
  await page.route(
    '**/api/v1/user/profile',
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, data: { ...body.data, mustChangePassword: false } } });
    },
    { times: 1 },
  );
  await page.goto('/student/fees');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText('You are not authorized to perform this action')).toHaveCount(0);
});
