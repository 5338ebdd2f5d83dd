import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, groupSchools, schools } from '../src/db/schema.js';
import { FIRST_SCHOOL, useTestApp } from './helper.js';

/** The super-admin has no group of their own: they choose one, and its settings are theirs to save. */
describe('General Settings of a chosen group', () => {
  const t = useTestApp();
  const ids = { group: '', first: '', otherGroup: '' };

  beforeAll(async () => {
    const [first] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.first = first!.id;
    ids.group = first!.groupSchoolId;
    const [other] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Harbour Schools', description: 'Another group on the same installation' })
      .returning();
    ids.otherGroup = other!.id;
  });

  const get = async (who: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/settings${query}`, headers: await t.as(who) });
  const put = async (who: string, section: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/settings/${section}`, headers: await t.as(who), payload });

  it('shows the super-admin the whole installation with only backups to save', async () => {
    const response = await get('admin');
    expect(response.statusCode).toBe(200);
    const { sections, groupSchoolId } = response.json().data;
    expect(groupSchoolId).toBeNull();
    expect(sections.security.editable).toBe(false);
    expect(sections.general.editable).toBe(false);
    expect(sections.backup.editable).toBe(true);
  });

  it("lets the super-admin read and save a group's settings, which its schools then run with, audited", async () => {
    const read = await get('admin', `?groupSchoolId=${ids.group}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ groupSchoolId: ids.group, schoolId: null });
    expect(read.json().data.sections.security).toMatchObject({ editable: true, source: 'default' });
    expect(read.json().data.sections.general.editable).toBe(true);

    const saved = await put('admin', 'security', { groupSchoolId: ids.group, value: { sessionTimeoutMinutes: 45 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.sections.security).toMatchObject({
      source: 'group',
      value: { sessionTimeoutMinutes: 45 },
    });

    const school = await get('ict', `?schoolId=${ids.first}`);
    expect(school.json().data.sections.security.value.sessionTimeoutMinutes).toBe(45);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'settings.update'), eq(auditLogs.groupSchoolId, ids.group)))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(audit?.after).toMatchObject({ section: 'security', groupSchoolId: ids.group, schoolId: null });

    const general = await put('admin', 'general', { groupSchoolId: ids.group, value: { receiptFooter: 'Thank you' } });
    expect(general.statusCode, general.body).toBe(200);
    expect(general.json().data.sections.general).toMatchObject({
      source: 'group',
      value: { receiptFooter: 'Thank you' },
    });
  });

  it('keeps the whole installation for backups alone', async () => {
    const response = await put('admin', 'security', { value: { sessionTimeoutMinutes: 50 } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].field).toBe('schoolId');
    const backup = await put('admin', 'backup', { groupSchoolId: ids.group, value: { retentionDays: 10 } });
    expect(backup.statusCode).toBe(422);
    expect(backup.json().errors[0].field).toBe('groupSchoolId');
  });

  it("answers another group as not found to the group's own staff, reading or saving, and reads their own", async () => {
    const read = await get('ict', `?groupSchoolId=${ids.otherGroup}`);
    expect(read.statusCode).toBe(404);
    const save = await put('ict', 'security', { groupSchoolId: ids.otherGroup, value: { sessionTimeoutMinutes: 20 } });
    expect(save.statusCode).toBe(404);
    const principal = await get('principal', `?groupSchoolId=${ids.otherGroup}`);
    expect(principal.statusCode).toBe(404);

    const own = await get('ict', `?groupSchoolId=${ids.group}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.sections.security.value.sessionTimeoutMinutes).toBe(45);
  });
});
