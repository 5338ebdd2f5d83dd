import { MSG } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '../src/db/schema.js';
import { bearer, DEMO_PASSWORD, demoEmail, login, multipart, type TestApp, tinyPng, useTestApp } from './helper.js';

async function signIn(t: TestApp, email: string, password = DEMO_PASSWORD) {
  const response = await login(t, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; refreshToken: string; user: { _id: string } };
}

async function userRow(t: TestApp, email: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return row!;
}

async function auditsOf(t: TestApp, entity: string, entityId: string) {
  return t.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, entity), eq(auditLogs.entityId, entityId)));
}

const validProfile = {
  firstname: 'Ibrahim',
  middlename: 'Olawale',
  lastname: 'Musa-Adeyemi',
  email: demoEmail('principal'),
  phone: '+234 803 123 4599',
  address: '3 Allen Avenue, Ikeja',
};

describe('the signed-in user profile', () => {
  const t = useTestApp();

  it('returns the signed-in user', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: await t.as('principal'),
    });
    expect(response.statusCode).toBe(200);
    const principal = await userRow(t, demoEmail('principal'));
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        _id: principal.id,
        email: demoEmail('principal'),
        firstname: 'Ibrahim',
        roles: ['Principal'],
        school: { _id: principal.schoolId, name: 'Crestview College, Ikeja' },
        profile: { profilePicture: null },
      },
    });
    expect(response.body).not.toContain(principal.passwordHash);
  });

  it('updates names, phone and address, and writes an audit row with before and after', async () => {
    const principal = await userRow(t, demoEmail('principal'));
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: await t.as('principal'),
      payload: validProfile,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      data: {
        middlename: 'Olawale',
        lastname: 'Musa-Adeyemi',
        phone: '+234 803 123 4599',
        address: '3 Allen Avenue, Ikeja',
      },
    });
    const after = await userRow(t, demoEmail('principal'));
    expect(after).toMatchObject({ middlename: 'Olawale', lastname: 'Musa-Adeyemi', phone: '+234 803 123 4599' });

    const audits = await auditsOf(t, 'user_profile', principal.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'update',
      actorId: principal.id,
      schoolId: principal.schoolId,
      before: { lastname: 'Musa', middlename: null, phone: '08031234504', address: null },
      after: {
        lastname: 'Musa-Adeyemi',
        middlename: 'Olawale',
        phone: '+234 803 123 4599',
        address: '3 Allen Avenue, Ikeja',
      },
    });
  });

  it("refuses another user's email with 409 naming the email field, and changes nothing", async () => {
    const before = await userRow(t, demoEmail('principal'));
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: await t.as('principal'),
      payload: { ...validProfile, firstname: 'Changed', email: demoEmail('BURSAR') },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      message: MSG.emailTaken,
      errors: [{ field: 'email', message: MSG.emailTaken }],
    });
    const after = await userRow(t, demoEmail('principal'));
    expect(after.firstname).toBe(before.firstname);
    expect(await auditsOf(t, 'user_profile', before.id)).toHaveLength(1);
  });

  it('requires a first name, last name and email (422 with the SPEC messages)', async () => {
    const headers = await t.as('principal');
    const cases = [
      [{ firstname: '  ' }, 'firstname', 'First name is required'],
      [{ lastname: '' }, 'lastname', 'Last name is required'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', MSG.invalidEmail],
      [{ phone: '123' }, 'phone', 'Phone number must have at least 10 digits'],
    ] as const;
    for (const [change, field, message] of cases) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile',
        headers,
        payload: { ...validProfile, ...change },
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().message).toBe(message);
      expect(response.json().errors).toContainEqual({ field, message });
    }
    const after = await userRow(t, demoEmail('principal'));
    expect(after.firstname).toBe('Ibrahim');
  });
});

describe('changing the password', () => {
  const t = useTestApp();
  const change = (token: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/change-password',
      headers: bearer(token),
      payload: { currentPassword, newPassword },
    });

  it('refuses a wrong current password with 422 naming currentPassword', async () => {
    const { token } = await signIn(t, demoEmail('bursar'));
    const response = await change(token, 'not-my-password', 'a-new-passw0rd');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Current password is incorrect',
      errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await login(t, demoEmail('bursar'))).statusCode).toBe(200);
  });

  it('refuses a short new password with 422 naming newPassword', async () => {
    const { token } = await signIn(t, demoEmail('bursar'));
    const response = await change(token, DEMO_PASSWORD, 'short');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ field: 'newPassword', message: MSG.passwordMin }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/change-password',
      headers: bearer(token),
      payload: { newPassword: 'a-new-passw0rd' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'currentPassword', message: 'Current password is required' }]);
  });

  it('changes it: old password fails, new works, other sessions end, this one keeps working', async () => {
    const email = demoEmail('bursar');
    const current = await signIn(t, email);
    const other = await signIn(t, email);
    const bursar = await userRow(t, email);

    const response = await change(current.token, DEMO_PASSWORD, 'a-new-passw0rd');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password changed successfully!', data: null });

    expect((await login(t, email)).statusCode).toBe(401);
    expect((await login(t, email, 'a-new-passw0rd')).statusCode).toBe(200);

    const otherRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: other.refreshToken },
    });
    expect(otherRefresh.statusCode).toBe(401);
    const otherProfile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: bearer(other.token),
    });
    expect(otherProfile.statusCode).toBe(401);

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(current.token) });
    expect(mine.statusCode).toBe(200);
    const myRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: current.refreshToken },
    });
    expect(myRefresh.statusCode).toBe(200);

    const audits = await auditsOf(t, 'user', bursar.id);
    expect(audits.filter((row) => row.action === 'password_changed')).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('a-new-passw0rd');
  });

  it('also answers at /user/change-password', async () => {
    const { token } = await signIn(t, demoEmail('auditor'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password',
      headers: bearer(token),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'auditor-passw0rd' },
    });
    expect(response.statusCode).toBe(200);
    expect((await login(t, demoEmail('auditor'), 'auditor-passw0rd')).statusCode).toBe(200);
  });
});

describe('uploading a profile picture', () => {
  const t = useTestApp();
  const upload = async (
    file: { filename: string; contentType: string; content: Buffer },
    url = '/api/v1/user/profile/upload-picture',
  ) => {
    const body = await multipart({}, [{ field: 'file', ...file }]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...(await t.as('headteacher')), ...body.headers },
      payload: body.payload,
    });
  };

  it('stores a real PNG under /uploads/avatars/, serves it, and records it on the user', async () => {
    const png = tinyPng(4);
    const response = await upload({ filename: 'me.png', contentType: 'image/png', content: png });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json().data;
    expect(response.json()).toMatchObject({ success: true, message: 'Profile picture updated successfully!' });
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);

    const headteacher = await userRow(t, demoEmail('headteacher'));
    expect(headteacher.profilePicture).toBe(url);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: await t.as('headteacher'),
    });
    expect(profile.json().data.profile.profilePicture).toBe(url);
    const audits = await auditsOf(t, 'user_profile_picture', headteacher.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'update',
      before: { profilePicture: null },
      after: { profilePicture: url },
    });
  });

  it('also answers at /user/upload-profile-picture', async () => {
    const response = await upload(
      { filename: 'me.png', contentType: 'image/png', content: tinyPng() },
      '/api/v1/user/upload-profile-picture',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.url).toMatch(/^\/uploads\/avatars\//);
  });

  it('refuses a text file named .png with 422 "Please select an image file", and keeps the old picture', async () => {
    const before = await userRow(t, demoEmail('headteacher'));
    const response = await upload({
      filename: 'evil.png',
      contentType: 'image/png',
      content: Buffer.from('hello, I am text\n'.repeat(20)),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Please select an image file',
      errors: [{ field: 'file', message: 'Please select an image file' }],
    });
    expect((await userRow(t, demoEmail('headteacher'))).profilePicture).toBe(before.profilePicture);
  });

  it('refuses an SVG, which could carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload({ filename: 'x.svg', contentType: 'image/svg+xml', content: svg });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(MSG.selectImage);
  });

  it('refuses a file over 5,242,880 bytes with 422 "Image size must be less than 5MB"', async () => {
    const before = await userRow(t, demoEmail('headteacher'));
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5_242_881 - tinyPng().length + 1)]);
    expect(big.length).toBeGreaterThan(5_242_880);
    const response = await upload({ filename: 'big.png', contentType: 'image/png', content: big });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Image size must be less than 5MB',
      errors: [{ field: 'file', message: 'Image size must be less than 5MB' }],
    });
    expect((await userRow(t, demoEmail('headteacher'))).profilePicture).toBe(before.profilePicture);
  });

  it('asks for an image when the form has no file', async () => {
    const body = await multipart({ note: 'no file here' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/upload-picture',
      headers: { ...(await t.as('headteacher')), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(MSG.selectImage);
  });

  it('needs a signed-in user', async () => {
    const body = await multipart({}, [
      { field: 'file', filename: 'me.png', contentType: 'image/png', content: tinyPng() },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/upload-picture',
      headers: body.headers,
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
  });
});
