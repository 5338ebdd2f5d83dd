import { startTermiiFake, type TermiiFake } from '@schoolledger/provider-fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, schools, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, useTestApp } from './helper.js';
import { until } from './payments-support.js';

/*
 * A server with no Termii keys of its own, serving a group that saved its own: the group's
 * parents can still confirm their phones and agree to SMS, and what is queued for them is sent.
 */

const GROUP_TERMII = { apiKey: 'own-only-termii-key-0a1b2c3d', secretKey: 'own-only-termii-secret-9f8e' };

describe('a group whose own Termii account is the only one', () => {
  let groupTermii: TermiiFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    groupTermii = await startTermiiFake({ ...GROUP_TERMII, reportDelayMs: 10 });
    env.TERMII_BASE_URL = groupTermii.url;
  });
  afterAll(async () => {
    await groupTermii?.close();
  });
  const t = useTestApp({ env });

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    expect(school).toBeDefined();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/messaging/account?group_school_id=${school!.groupSchoolId}`,
      headers: await t.as('ict'),
      payload: { termiiApiKey: GROUP_TERMII.apiKey, termiiSecretKey: GROUP_TERMII.secretKey },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('still runs the sender, offers SMS to the group’s parents and sends their code through the group’s account', async () => {
    expect(t.ctx.messages.channels).toEqual([]);
    expect(t.ctx.messages.maySend).toBe(true);
    const parent = await t.as('parent');
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/me/phone', headers: parent });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.channelsAvailable).toEqual(['sms']);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/phone/verification',
      headers: parent,
      payload: { phone: '0803 555 0199' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await t.ctx.messages.idle();
    await t.ctx.messages.deliverDue();
    await until(async () => groupTermii.messages().some((message) => message.to === '2348035550199'));
    const [sms] = groupTermii.messages().filter((message) => message.to === '2348035550199');
    expect(sms!.sms).toMatch(/\b\d{6}\b/);
    const [person] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    const [row] = await t.ctx.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.userId, person!.id), eq(messageOutbox.kind, 'phone_code')));
    // A code belongs to no school: no school's deliveries list or budget shows it.
    expect(row).toMatchObject({ kind: 'phone_code', schoolId: null, status: 'sent', provider: 'termii' });
  });
});
