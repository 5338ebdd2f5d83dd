import { randomUUID } from 'node:crypto';
import { entityMessages, PERMISSIONS, type Permission, type Role } from '@schoolledger/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  academicSessions,
  addresses,
  auditLogs,
  classArms,
  groupSchools,
  schools,
  terms,
  users,
} from '../src/db/schema.js';
import { bearer, demoEmail, FIRST_SCHOOL, login, multipart, SECOND_SCHOOL, tinyPng, useTestApp } from './helper.js';

const GROUP = entityMessages('Group school');
const SCHOOL = entityMessages('School');
const SESSION = entityMessages('Session');
const TERM = entityMessages('Term');
const CLASS_ARM = entityMessages('Class arm');
const ADDRESS = entityMessages('Address');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A fixed "today" inside the First Term of the 2025/2026 session the demo seed creates. */
let now = new Date('2025-11-12T09:00:00Z');

describe('academic structure', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { group: '', first: '', second: '', jss2a: '' };

  beforeAll(async () => {
    const [group] = await t.ctx.db.select().from(groupSchools);
    const rows = await t.ctx.db.select().from(schools);
    ids.group = group!.id;
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    const arms = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.first));
    ids.jss2a = arms.find((arm) => arm.name === 'JSS 2A')!.id;
  });

  async function call(who: string, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function sendForm(method: Method, url: string, form: Awaited<ReturnType<typeof multipart>>) {
    return t.app.inject({ method, url, headers: { ...(await t.as('admin')), ...form.headers }, payload: form.payload });
  }

  // Sign-ins are on the trail too, and `t.as` signs in on first use: only the rows of the change count here.
  const notSignIn = ne(auditLogs.action, 'auth.login');

  async function auditIds() {
    return new Set((await t.ctx.db.select({ id: auditLogs.id }).from(auditLogs)).map((row) => row.id));
  }

  /** Runs a mutation that must succeed and write exactly one audit row like `expected`. */
  async function audited(
    run: () => ReturnType<typeof call>,
    expected: { entity: string; action: string; schoolId: string | null | 'self'; entityId?: string },
    message: string,
  ) {
    const before = await auditIds();
    const response = await run();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message });
    const rows = (await t.ctx.db.select().from(auditLogs).where(notSignIn)).filter((row) => !before.has(row.id));
    expect(rows).toHaveLength(1);
    const entityId = expected.entityId ?? response.json().data?._id;
    const schoolId = expected.schoolId === 'self' ? entityId : expected.schoolId;
    expect(rows[0]).toMatchObject({ ...expected, entityId, schoolId });
    expect(rows[0]!.actorId).not.toBeNull();
    return response.json().data;
  }

  async function countOf(table: PgTable) {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(table)
      .where(table === auditLogs ? notSignIn : undefined);
    return row!.n;
  }

  /** Runs a request that must fail with `status` and `message`, writing nothing to `tables` or the audit log. */
  async function refused(
    run: () => ReturnType<typeof call>,
    status: number,
    message: string | RegExp,
    tables: PgTable[],
    field?: string,
  ) {
    const before = await Promise.all([auditLogs, ...tables].map(countOf));
    const response = await run();
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.data).toBeNull();
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    if (field) expect(body.errors).toContainEqual({ field, message: body.message });
    expect(await Promise.all([auditLogs, ...tables].map(countOf))).toEqual(before);
    return body;
  }

  describe('group schools', () => {
    it('are created by the super-admin as JSON, read by id and listed', async () => {
      const created = await audited(
        () =>
          call('admin', 'POST', '/groupschool/create', { name: 'Sunrise Schools', description: 'Schools in Ibadan' }),
        { entity: 'group_school', action: 'create', schoolId: null },
        GROUP.created,
      );
      expect(created).toMatchObject({
        name: 'Sunrise Schools',
        description: 'Schools in Ibadan',
        logo: null,
        schoolCount: 0,
      });

      const byId = await call('admin', 'GET', `/groupschool/${created._id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({
        success: true,
        message: 'Group school loaded',
        data: { _id: created._id, name: 'Sunrise Schools' },
      });

      const list = await call('admin', 'GET', '/groupschool/all');
      expect(list.statusCode).toBe(200);
      const names = list.json().data.map((row: { name: string }) => row.name);
      expect(names).toEqual(expect.arrayContaining(['Sunrise Schools', 'Crestview Educational Group']));
      expect(
        list.json().data.find((row: { name: string }) => row.name === 'Crestview Educational Group').schoolCount,
      ).toBe(2);
    });

    it('are created as multipart with a logo image that is then served', async () => {
      const png = tinyPng(3);
      const form = await multipart({ name: 'Lagoon Academies', description: 'Lekki and Ajah' }, [
        { field: 'logo', filename: 'logo.png', contentType: 'image/png', content: png },
      ]);
      const created = await audited(
        () => sendForm('POST', '/api/v1/groupschool/create', form),
        { entity: 'group_school', action: 'create', schoolId: null },
        GROUP.created,
      );
      expect(created).toMatchObject({ name: 'Lagoon Academies', description: 'Lekki and Ajah' });
      expect(created.logo).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: created.logo });
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    });

    it('are updated (as JSON and as multipart with a new logo) and deleted, each with an audit row', async () => {
      const created = await audited(
        () => call('admin', 'POST', '/groupschool/create', { name: 'Harmattan Group', description: 'Kano' }),
        { entity: 'group_school', action: 'create', schoolId: null },
        GROUP.created,
      );
      const updated = await audited(
        () =>
          call('admin', 'PUT', `/groupschool/${created._id}/update`, {
            name: 'Harmattan Schools',
            description: 'Kano and Kaduna',
          }),
        { entity: 'group_school', action: 'update', schoolId: null, entityId: created._id },
        GROUP.updated,
      );
      expect(updated).toMatchObject({ name: 'Harmattan Schools', description: 'Kano and Kaduna', logo: null });

      const form = await multipart({ name: 'Harmattan Schools', description: 'Kano and Kaduna' }, [
        { field: 'logo', filename: 'l.png', contentType: 'image/png', content: tinyPng() },
      ]);
      const withLogo = await audited(
        () => sendForm('PUT', `/api/v1/groupschool/${created._id}/update`, form),
        { entity: 'group_school', action: 'update', schoolId: null, entityId: created._id },
        GROUP.updated,
      );
      expect(withLogo.logo).toMatch(/^\/uploads\/logos\//);

      await audited(
        () => call('admin', 'DELETE', `/groupschool/${created._id}/delete`),
        { entity: 'group_school', action: 'delete', schoolId: null, entityId: created._id },
        GROUP.deleted,
      );
      const gone = await call('admin', 'GET', `/groupschool/${created._id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ success: false, message: GROUP.notFound, data: null, code: 'NOT_FOUND' });
    });

    it('refuse to delete a group that still has schools (409)', async () => {
      await refused(() => call('admin', 'DELETE', `/groupschool/${ids.group}/delete`), 409, /still has schools/, [
        groupSchools,
      ]);
    });

    it('need a name and a description (422 with the SPEC messages), as JSON and as multipart', async () => {
      await refused(
        () => call('admin', 'POST', '/groupschool/create', { description: 'x' }),
        422,
        'Group school name is required',
        [groupSchools],
        'name',
      );
      await refused(
        () => call('admin', 'POST', '/groupschool/create', { name: '   ', description: 'x' }),
        422,
        'Group school name is required',
        [groupSchools],
        'name',
      );
      await refused(
        () => call('admin', 'POST', '/groupschool/create', { name: 'A group' }),
        422,
        'Description is required',
        [groupSchools],
        'description',
      );
      const form = await multipart({ name: 'A group' }, [
        { field: 'logo', filename: 'l.png', contentType: 'image/png', content: tinyPng() },
      ]);
      await refused(
        () => sendForm('POST', '/api/v1/groupschool/create', form),
        422,
        'Description is required',
        [groupSchools],
        'description',
      );
    });

    it('refuse a logo that is not an image, or over 5MB', async () => {
      const send = async (content: Buffer) => {
        const form = await multipart({ name: 'A group', description: 'x' }, [
          { field: 'logo', filename: 'l.png', contentType: 'image/png', content },
        ]);
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/groupschool/create',
          headers: { ...(await t.as('admin')), ...form.headers },
          payload: form.payload,
        });
      };
      await refused(
        () => send(Buffer.from('just some text')),
        422,
        'Please select an image file',
        [groupSchools],
        'logo',
      );
      await refused(
        () => send(Buffer.concat([tinyPng(), Buffer.alloc(5_242_881)])),
        422,
        'File size must be less than 5MB',
        [groupSchools],
        'logo',
      );
    });

    it('are created only by the super-admin', async () => {
      for (const who of ['ict', 'proprietor', 'principal', 'bursar']) {
        await refused(
          () => call(who, 'POST', '/groupschool/create', { name: 'Mine', description: 'Not allowed' }),
          403,
          'You are not authorized to perform this action',
          [groupSchools],
        );
      }
    });
  });

  describe('schools', () => {
    const schoolBody = () => ({
      groupSchool_id: ids.group,
      name: 'Crestview College, Lekki',
      email: 'info@lekki.crestview.edu.ng',
      phoneNumber: '+2348011112222',
      street: 'Admiralty Way',
      street_no: '21',
      town: 'Lekki',
      state: 'Lagos',
      country: 'Nigeria',
      zip_code: '106104',
    });

    it('are created with their address, read, listed, updated and deleted', async () => {
      const created = await audited(
        () => call('admin', 'POST', '/school/create', schoolBody()),
        { entity: 'school', action: 'create', schoolId: 'self' },
        SCHOOL.created,
      );
      expect(created).toMatchObject({
        name: 'Crestview College, Lekki',
        email: 'info@lekki.crestview.edu.ng',
        phoneNumber: '+2348011112222',
        isActive: true,
        groupSchool: { _id: ids.group, name: 'Crestview Educational Group' },
        address: {
          street: 'Admiralty Way',
          street_no: '21',
          town: 'Lekki',
          state: 'Lagos',
          country: 'Nigeria',
          zip_code: '106104',
        },
      });
      const stored = await t.ctx.db.select().from(addresses).where(eq(addresses.schoolId, created._id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.isSchoolAddress).toBe(true);

      const byId = await call('admin', 'GET', `/school/${created._id}`);
      expect(byId.json()).toMatchObject({ success: true, message: 'School loaded', data: { _id: created._id } });
      const list = await call('admin', 'GET', '/school/all');
      expect(list.json().data.map((row: { name: string }) => row.name)).toEqual(
        expect.arrayContaining([FIRST_SCHOOL, SECOND_SCHOOL, 'Crestview College, Lekki']),
      );
      const byGroup = await call('admin', 'GET', `/school/by-groupSchool?groupSchool_id=${ids.group}`);
      expect(byGroup.json().data).toHaveLength(3);
      const byAddress = await call('admin', 'GET', `/school/by-address?address_id=${created.address._id}`);
      expect(byAddress.json().data.map((row: { _id: string }) => row._id)).toEqual([created._id]);

      const updated = await audited(
        () =>
          call('admin', 'PUT', `/school/${created._id}/update`, {
            ...schoolBody(),
            name: 'Crestview College, Lekki Phase 1',
            town: 'Lekki Phase 1',
            isActive: false,
          }),
        { entity: 'school', action: 'update', schoolId: created._id, entityId: created._id },
        SCHOOL.updated,
      );
      expect(updated).toMatchObject({
        name: 'Crestview College, Lekki Phase 1',
        isActive: false,
        address: { _id: created.address._id, town: 'Lekki Phase 1' },
      });

      await audited(
        () => call('admin', 'DELETE', `/school/${created._id}/delete`),
        { entity: 'school', action: 'delete', schoolId: created._id, entityId: created._id },
        SCHOOL.deleted,
      );
      expect((await call('admin', 'GET', `/school/${created._id}`)).statusCode).toBe(404);
      expect(await t.ctx.db.select().from(addresses).where(eq(addresses.schoolId, created._id))).toHaveLength(0);
    });

    it('with sessions, class arms or users cannot be deleted (409)', async () => {
      await refused(
        () => call('admin', 'DELETE', `/school/${ids.first}/delete`),
        409,
        /still has sessions, class arms or users/,
        [schools, addresses],
      );
    });

    it('can be created by the proprietor in their own group', async () => {
      const created = await audited(
        () =>
          call('proprietor', 'POST', '/school/create', {
            ...schoolBody(),
            name: 'Crestview College, Port Harcourt',
            email: '',
          }),
        { entity: 'school', action: 'create', schoolId: 'self' },
        SCHOOL.created,
      );
      expect(created).toMatchObject({ email: null, groupSchool: { _id: ids.group } });
      const mine = await call('proprietor', 'GET', `/school/${created._id}`);
      expect(mine.statusCode).toBe(200);
    });

    it('cannot be created by a principal (403) and nothing is written', async () => {
      await refused(
        () => call('principal', 'POST', '/school/create', schoolBody()),
        403,
        'You are not authorized to perform this action',
        [schools, addresses],
      );
    });

    it('need every required field (422 naming it, with the SPEC message) and nothing half-written', async () => {
      const cases: [string, unknown, string][] = [
        ['groupSchool_id', undefined, 'Group school is required'],
        ['name', '', 'School name is required'],
        ['phoneNumber', '', 'Phone number is required'],
        ['street', '', 'Street is required'],
        ['street_no', '', 'Street number is required'],
        ['town', '', 'Town is required'],
        ['state', '', 'State is required'],
        ['country', '', 'Country is required'],
        ['zip_code', '', 'ZIP code is required'],
        ['email', 'not-an-email', 'Invalid email address'],
      ];
      for (const [field, value, message] of cases) {
        const body: Record<string, unknown> = { ...schoolBody(), [field]: value };
        if (value === undefined) delete body[field];
        await refused(() => call('admin', 'POST', '/school/create', body), 422, message, [schools, addresses], field);
      }
    });

    it('answer 404 for a group school that does not exist, and 422 for an id that is not one', async () => {
      await refused(
        () => call('admin', 'POST', '/school/create', { ...schoolBody(), groupSchool_id: randomUUID() }),
        404,
        GROUP.notFound,
        [schools, addresses],
      );
      await refused(() => call('admin', 'GET', '/school/not-a-uuid'), 422, 'Invalid id', [], 'id');
    });
  });

  describe('sessions', () => {
    const body = (change: Record<string, unknown> = {}) => ({
      school_id: ids.first,
      name: '2030/2031',
      startDate: '2030-09-07',
      endDate: '2031-07-31',
      ...change,
    });

    it('are created by a principal, read, listed, updated, and deleted by a proprietor', async () => {
      const created = await audited(
        () => call('principal', 'POST', '/session/create', body()),
        { entity: 'session', action: 'create', schoolId: ids.first },
        SESSION.created,
      );
      expect(created).toMatchObject({
        name: '2030/2031',
        school: ids.first,
        startDate: '2030-09-07',
        endDate: '2031-07-31',
        isActive: true,
        isCurrent: false,
      });

      const byId = await call('principal', 'GET', `/session/${created._id}`);
      expect(byId.json()).toMatchObject({ success: true, message: 'Session loaded', data: { _id: created._id } });
      for (const url of ['/session/all', `/session/by-school?school_id=${ids.first}`]) {
        const list = await call('principal', 'GET', url);
        expect(list.statusCode).toBe(200);
        expect(list.json().data.map((row: { _id: string }) => row._id)).toContain(created._id);
      }

      const updated = await audited(
        () =>
          call(
            'principal',
            'PUT',
            `/session/${created._id}/update`,
            body({ name: '2030/31', endDate: '2031-08-15', isActive: false }),
          ),
        { entity: 'session', action: 'update', schoolId: ids.first, entityId: created._id },
        SESSION.updated,
      );
      expect(updated).toMatchObject({ name: '2030/31', endDate: '2031-08-15', isActive: false });

      await refused(
        () => call('principal', 'DELETE', `/session/${created._id}/delete`),
        403,
        'You are not authorized to perform this action',
        [academicSessions],
      );
      await audited(
        () => call('proprietor', 'DELETE', `/session/${created._id}/delete`),
        { entity: 'session', action: 'delete', schoolId: ids.first, entityId: created._id },
        SESSION.deleted,
      );
      const gone = await call('principal', 'GET', `/session/${created._id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(SESSION.notFound);
    });

    it('report which one is current', async () => {
      const list = await call('principal', 'GET', '/session/all');
      const current = list.json().data.filter((row: { isCurrent: boolean }) => row.isCurrent);
      expect(current.map((row: { name: string }) => row.name)).toEqual(['2025/2026']);
    });

    it('need a school, a name and both dates (422 with the SPEC messages), writing nothing', async () => {
      const cases: [string, string][] = [
        ['school_id', 'School is required'],
        ['name', 'Session name is required'],
        ['startDate', 'Start date is required'],
        ['endDate', 'End date is required'],
      ];
      for (const [field, message] of cases) {
        const payload: Record<string, unknown> = body();
        delete payload[field];
        await refused(
          () => call('principal', 'POST', '/session/create', payload),
          422,
          message,
          [academicSessions],
          field,
        );
      }
      await refused(
        () => call('principal', 'POST', '/session/create', body({ startDate: '2030-02-30' })),
        422,
        'Start date is required',
        [academicSessions],
        'startDate',
      );
    });

    it('must end after they start', async () => {
      await refused(
        () => call('principal', 'POST', '/session/create', body({ startDate: '2031-07-31', endDate: '2030-09-07' })),
        422,
        'End date must be after start date',
        [academicSessions],
        'endDate',
      );
    });

    it('may not overlap another session of the school, nor repeat its name', async () => {
      await refused(
        () =>
          call(
            'principal',
            'POST',
            '/session/create',
            body({ name: 'Overlap', startDate: '2026-01-01', endDate: '2026-06-30' }),
          ),
        422,
        /overlap the session 2025\/2026/,
        [academicSessions],
        'startDate',
      );
      await refused(
        () => call('principal', 'POST', '/session/create', body({ name: '2025/2026' })),
        409,
        'A session named 2025/2026 already exists',
        [academicSessions],
        'name',
      );
    });

    it('that still have terms cannot be deleted (409)', async () => {
      const [session] = await t.ctx.db.select().from(academicSessions).where(eq(academicSessions.schoolId, ids.first));
      await refused(
        () => call('proprietor', 'DELETE', `/session/${session!.id}/delete`),
        409,
        'This session still has terms. Delete them first.',
        [academicSessions, terms],
      );
    });

    it('cannot be created by a bursar or a headteacher (403)', async () => {
      for (const who of ['bursar', 'headteacher']) {
        await refused(
          () => call(who, 'POST', '/session/create', body({ name: 'Nope' })),
          403,
          'You are not authorized to perform this action',
          [academicSessions],
        );
      }
    });
  });

  describe('terms', () => {
    let sessionId = '';
    const body = (change: Record<string, unknown> = {}) => ({
      session: sessionId,
      name: 'First Term',
      startDate: '2032-09-08',
      endDate: '2032-12-15',
      ...change,
    });

    beforeAll(async () => {
      const response = await call('principal', 'POST', '/session/create', {
        school_id: ids.first,
        name: '2032/2033',
        startDate: '2032-09-01',
        endDate: '2033-07-31',
      });
      sessionId = response.json().data._id;
    });

    it('are created by a headteacher, read, listed, updated, and deleted by a proprietor', async () => {
      const created = await audited(
        () => call('headteacher', 'POST', '/term/create', body()),
        { entity: 'term', action: 'create', schoolId: ids.first },
        TERM.created,
      );
      expect(created).toMatchObject({
        name: 'First Term',
        session: { _id: sessionId, name: '2032/2033', school: ids.first },
        startDate: '2032-09-08',
        endDate: '2032-12-15',
        isCurrent: false,
      });

      const byId = await call('headteacher', 'GET', `/term/${created._id}`);
      expect(byId.json()).toMatchObject({ success: true, message: 'Term loaded', data: { _id: created._id } });
      for (const url of [
        '/term/all',
        `/term/all?school_id=${ids.first}`,
        `/term/by-session?session_id=${sessionId}`,
        `/session/${sessionId}/terms`,
      ]) {
        const list = await call('headteacher', 'GET', url);
        expect(list.statusCode, url).toBe(200);
        expect(list.json().data.map((row: { _id: string }) => row._id)).toContain(created._id);
      }
      const bySession = await call('headteacher', 'GET', `/term/by-session?session_id=${sessionId}`);
      expect(bySession.json().data).toHaveLength(1);

      const updated = await audited(
        () =>
          call('headteacher', 'PUT', `/term/${created._id}/update`, body({ name: '1st Term', endDate: '2032-12-20' })),
        { entity: 'term', action: 'update', schoolId: ids.first, entityId: created._id },
        TERM.updated,
      );
      expect(updated).toMatchObject({ name: '1st Term', endDate: '2032-12-20' });

      await refused(
        () => call('headteacher', 'DELETE', `/term/${created._id}/delete`),
        403,
        'You are not authorized to perform this action',
        [terms],
      );
      await audited(
        () => call('proprietor', 'DELETE', `/term/${created._id}/delete`),
        { entity: 'term', action: 'delete', schoolId: ids.first, entityId: created._id },
        TERM.deleted,
      );
      expect((await call('headteacher', 'GET', `/term/${created._id}`)).statusCode).toBe(404);
    });

    it('need a session, a name and both dates (422 with the SPEC messages)', async () => {
      const cases: [string, string][] = [
        ['session', 'Session is required'],
        ['name', 'Term name is required'],
        ['startDate', 'Start date is required'],
        ['endDate', 'End date is required'],
      ];
      for (const [field, message] of cases) {
        const payload: Record<string, unknown> = body();
        delete payload[field];
        await refused(() => call('headteacher', 'POST', '/term/create', payload), 422, message, [terms], field);
      }
      await refused(
        () => call('headteacher', 'POST', '/term/create', body({ startDate: '2032-12-15', endDate: '2032-09-08' })),
        422,
        'End date must be after start date',
        [terms],
        'endDate',
      );
    });

    it("must fall within their session's dates", async () => {
      await refused(
        () => call('headteacher', 'POST', '/term/create', body({ startDate: '2032-08-01' })),
        422,
        /must fall within the session 2032\/2033/,
        [terms],
        'startDate',
      );
      await refused(
        () => call('headteacher', 'POST', '/term/create', body({ startDate: '2033-05-01', endDate: '2033-08-15' })),
        422,
        /must fall within the session/,
        [terms],
        'startDate',
      );
    });

    it('may not overlap another term of the session', async () => {
      await audited(
        () =>
          call(
            'headteacher',
            'POST',
            '/term/create',
            body({ name: 'Second Term', startDate: '2033-01-05', endDate: '2033-04-05' }),
          ),
        { entity: 'term', action: 'create', schoolId: ids.first },
        TERM.created,
      );
      await refused(
        () =>
          call(
            'headteacher',
            'POST',
            '/term/create',
            body({ name: 'Overlapping', startDate: '2033-03-01', endDate: '2033-05-01' }),
          ),
        422,
        'These dates overlap the term Second Term',
        [terms],
        'startDate',
      );
    });

    it('answer 404 for a session that does not exist', async () => {
      await refused(
        () => call('headteacher', 'POST', '/term/create', body({ session: randomUUID() })),
        404,
        SESSION.notFound,
        [terms],
      );
    });

    it('cannot be created by a bursar (403)', async () => {
      await refused(
        () => call('bursar', 'POST', '/term/create', body({ name: 'Third Term' })),
        403,
        'You are not authorized to perform this action',
        [terms],
      );
    });

    it('/term/current returns the term that contains today, and null when today is between terms', async () => {
      const response = await call('principal', 'GET', '/term/current');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Current term loaded',
        data: {
          name: 'First Term',
          startDate: '2025-09-07',
          endDate: '2025-12-18',
          isCurrent: true,
          session: { name: '2025/2026', school: ids.first },
        },
      });
      const saved = now;
      now = new Date('2025-12-28T09:00:00Z');
      try {
        // A month on, the sign-ins made at the start have expired: sign in again.
        const { token } = (await login(t, demoEmail('principal'))).json().data;
        const holiday = await t.app.inject({ method: 'GET', url: '/api/v1/term/current', headers: bearer(token) });
        expect(holiday.json()).toEqual({ success: true, message: 'No current term', data: null });
      } finally {
        now = saved;
      }
      const second = await call('principal2', 'GET', '/term/current');
      expect(second.json().data.session.school).toBe(ids.second);
    });
  });

  describe('class arms', () => {
    const body = (change: Record<string, unknown> = {}) => ({
      school_id: ids.first,
      name: 'JSS 1C',
      capacity: 35,
      ...change,
    });

    it('are created by a headteacher, read, listed, updated, and deleted by a proprietor', async () => {
      const created = await audited(
        () => call('headteacher', 'POST', '/classarm/create', body()),
        { entity: 'class_arm', action: 'create', schoolId: ids.first },
        CLASS_ARM.created,
      );
      expect(created).toMatchObject({ name: 'JSS 1C', school: ids.first, capacity: 35, currentStudentCount: 0 });

      const byId = await call('headteacher', 'GET', `/classarm/${created._id}`);
      expect(byId.json()).toMatchObject({ success: true, message: 'Class arm loaded', data: { _id: created._id } });
      for (const url of ['/classarm/all', `/classarm/by-school?school_id=${ids.first}`]) {
        const list = await call('headteacher', 'GET', url);
        expect(list.json().data.map((row: { _id: string }) => row._id)).toContain(created._id);
        expect(list.json().data).toHaveLength(13);
      }

      const updated = await audited(
        () =>
          call('headteacher', 'PUT', `/classarm/${created._id}/update`, body({ name: 'JSS 1 Cedar', capacity: 30 })),
        { entity: 'class_arm', action: 'update', schoolId: ids.first, entityId: created._id },
        CLASS_ARM.updated,
      );
      expect(updated).toMatchObject({ name: 'JSS 1 Cedar', capacity: 30 });

      await refused(
        () => call('principal', 'DELETE', `/classarm/${created._id}/delete`),
        403,
        'You are not authorized to perform this action',
        [classArms],
      );
      await audited(
        () => call('proprietor', 'DELETE', `/classarm/${created._id}/delete`),
        { entity: 'class_arm', action: 'delete', schoolId: ids.first, entityId: created._id },
        CLASS_ARM.deleted,
      );
      expect((await call('headteacher', 'GET', `/classarm/${created._id}`)).statusCode).toBe(404);
    });

    it('report their student count at /classarm/{id}/student-count', async () => {
      const response = await call('principal', 'GET', `/classarm/${ids.jss2a}/student-count`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Student count loaded',
        data: { classArm: { _id: ids.jss2a, name: 'JSS 2A', currentStudentCount: 13 } },
      });
      const arm = await call('principal', 'GET', `/classarm/${ids.jss2a}`);
      expect(arm.json().data.currentStudentCount).toBe(13);
      const listed = await call('principal', 'GET', '/classarm/all');
      expect(listed.json().data.find((row: { _id: string }) => row._id === ids.jss2a).currentStudentCount).toBe(13);
      const [other] = await t.ctx.db
        .select()
        .from(classArms)
        .where(and(eq(classArms.name, 'JSS 1A'), eq(classArms.schoolId, ids.first)));
      const otherCount = await call('principal', 'GET', `/classarm/${other!.id}/student-count`);
      expect(otherCount.json().data.classArm.currentStudentCount).toBe(12);
      const [student] = await t.ctx.db.select().from(users).where(eq(users.classArmId, ids.jss2a));
      expect(student!.roles).toEqual(['Student']);
    });

    it('with students cannot be deleted (409)', async () => {
      await refused(() => call('proprietor', 'DELETE', `/classarm/${ids.jss2a}/delete`), 409, /still has students/, [
        classArms,
      ]);
    });

    it('may not repeat a name within a school (409), but another school may use it', async () => {
      await refused(
        () => call('headteacher', 'POST', '/classarm/create', body({ name: 'JSS 2A' })),
        409,
        'A class arm named JSS 2A already exists',
        [classArms],
        'name',
      );
      await audited(
        () => call('admin', 'POST', '/classarm/create', body({ school_id: ids.second, name: 'JSS 1C' })),
        { entity: 'class_arm', action: 'create', schoolId: ids.second },
        CLASS_ARM.created,
      );
      await audited(
        () => call('admin', 'POST', '/classarm/create', body({ name: 'JSS 1C' })),
        { entity: 'class_arm', action: 'create', schoolId: ids.first },
        CLASS_ARM.created,
      );
    });

    it('need a school and a name (422 with the SPEC messages), and a sensible capacity', async () => {
      await refused(
        () => call('headteacher', 'POST', '/classarm/create', { name: 'X' }),
        422,
        'School is required',
        [classArms],
        'school_id',
      );
      await refused(
        () => call('headteacher', 'POST', '/classarm/create', body({ name: '' })),
        422,
        'Class arm name is required',
        [classArms],
        'name',
      );
      await refused(
        () => call('headteacher', 'POST', '/classarm/create', body({ capacity: 0 })),
        422,
        'Capacity must be at least 1',
        [classArms],
        'capacity',
      );
      await refused(
        () => call('headteacher', 'POST', '/classarm/create', body({ capacity: 'lots' })),
        422,
        'Capacity must be a number',
        [classArms],
        'capacity',
      );
    });

    it('cannot be created by a bursar or an auditor (403)', async () => {
      for (const who of ['bursar', 'auditor']) {
        await refused(
          () => call(who, 'POST', '/classarm/create', body({ name: 'Nope' })),
          403,
          'You are not authorized to perform this action',
          [classArms],
        );
      }
    });
  });

  describe('addresses', () => {
    const body = (change: Record<string, unknown> = {}) => ({
      school_id: ids.first,
      street: 'Allen Avenue',
      street_no: '12B',
      town: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
      zip_code: '100282',
      ...change,
    });

    it('are created by a principal, read, listed, updated and deleted', async () => {
      const created = await audited(
        () => call('principal', 'POST', '/address/create', body()),
        { entity: 'address', action: 'create', schoolId: ids.first },
        ADDRESS.created,
      );
      expect(created).toMatchObject({
        street: 'Allen Avenue',
        street_no: '12B',
        town: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        zip_code: '100282',
      });

      const byId = await call('principal', 'GET', `/address/${created._id}`);
      expect(byId.json()).toMatchObject({ success: true, message: 'Address loaded', data: { _id: created._id } });
      const list = await call('principal', 'GET', '/address/all');
      expect(list.json().data.map((row: { _id: string }) => row._id)).toContain(created._id);

      const { school_id: _, ...update } = body({ street: 'Allen Avenue Extension' });
      const updated = await audited(
        () => call('principal', 'PUT', `/address/${created._id}/update`, update),
        { entity: 'address', action: 'update', schoolId: ids.first, entityId: created._id },
        ADDRESS.updated,
      );
      expect(updated.street).toBe('Allen Avenue Extension');

      await audited(
        () => call('principal', 'DELETE', `/address/${created._id}/delete`),
        { entity: 'address', action: 'delete', schoolId: ids.first, entityId: created._id },
        ADDRESS.deleted,
      );
      expect((await call('principal', 'GET', `/address/${created._id}`)).statusCode).toBe(404);
    });

    it('of a school itself cannot be deleted (409)', async () => {
      const [own] = await t.ctx.db.select().from(addresses).where(eq(addresses.schoolId, ids.first));
      expect(own!.isSchoolAddress).toBe(true);
      await refused(
        () => call('principal', 'DELETE', `/address/${own!.id}/delete`),
        409,
        /can be edited but not deleted/,
        [addresses],
      );
    });

    // Without a school_id an address is the caller's school's (SPEC §7): see students-two-call.test.ts.
    it('need every field (422 with the SPEC messages)', async () => {
      const cases: [string, string][] = [
        ['street', 'Street is required'],
        ['street_no', 'Street number is required'],
        ['town', 'Town is required'],
        ['state', 'State is required'],
        ['country', 'Country is required'],
        ['zip_code', 'ZIP code is required'],
      ];
      for (const [field, message] of cases) {
        const payload: Record<string, unknown> = body();
        delete payload[field];
        await refused(() => call('principal', 'POST', '/address/create', payload), 422, message, [addresses], field);
      }
    });

    it('cannot be created by a headteacher (403)', async () => {
      await refused(
        () => call('headteacher', 'POST', '/address/create', body()),
        403,
        'You are not authorized to perform this action',
        [addresses],
      );
    });
  });

  describe('bad input', () => {
    it('of the wrong types gets a 422 naming the field, never a 500', async () => {
      const cases: [string, unknown, string][] = [
        ['/session/create', { school_id: ids.first, name: 2030, startDate: 20300907, endDate: null }, 'name'],
        [
          '/term/create',
          { session: 'not-a-uuid', name: 'T', startDate: '2030-09-07', endDate: '2030-12-01' },
          'session',
        ],
        ['/classarm/create', { school_id: ids.first, name: ['JSS'], capacity: 40 }, 'name'],
        ['/school/create', { groupSchool_id: ids.group, name: { x: 1 } }, 'name'],
        ['/address/create', { school_id: 12, street: 'x' }, 'school_id'],
        ['/groupschool/create', { name: 5, description: true }, 'name'],
      ];
      for (const [url, payload, field] of cases) {
        const response = await call('admin', 'POST', url, payload);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
        expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
      }
    });

    it('as malformed JSON gets a 400, and an id that is not a uuid a 422', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/session/create',
        headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(response.statusCode).toBe(400);
      for (const url of ['/session/x', '/term/x', '/classarm/x/student-count', '/address/x', '/groupschool/x']) {
        const bad = await call('admin', 'GET', url);
        expect(bad.statusCode, url).toBe(422);
        expect(bad.json().errors).toEqual([{ field: 'id', message: 'Invalid id' }]);
      }
    });
  });

  describe('the permission matrix', () => {
    const demoUsers: Record<string, Role> = {
      admin: 'Admin',
      ict: 'ICT_administrator',
      proprietor: 'Proprietor',
      principal: 'Principal',
      headteacher: 'Headteacher',
      bursar: 'Bursar',
      auditor: 'Auditor',
      student: 'Student',
      parent: 'Parent',
    };
    // Allowed callers get past the guard: an empty body then fails validation (422), an unknown id is 404.
    const guarded: [Permission, Method, string, number][] = [
      ['sessions.manage', 'POST', '/session/create', 422],
      ['sessions.manage', 'PUT', `/session/${randomUUID()}/update`, 422],
      ['terms.manage', 'POST', '/term/create', 422],
      ['terms.manage', 'PUT', `/term/${randomUUID()}/update`, 422],
      ['classArms.manage', 'POST', '/classarm/create', 422],
      ['classArms.manage', 'PUT', `/classarm/${randomUUID()}/update`, 422],
      ['academic.delete', 'DELETE', `/session/${randomUUID()}/delete`, 404],
      ['academic.delete', 'DELETE', `/term/${randomUUID()}/delete`, 404],
      ['academic.delete', 'DELETE', `/classarm/${randomUUID()}/delete`, 404],
      ['addresses.manage', 'POST', '/address/create', 422],
      ['addresses.manage', 'DELETE', `/address/${randomUUID()}/delete`, 404],
      ['schools.manage', 'POST', '/school/create', 422],
      ['schools.manage', 'PUT', `/school/${randomUUID()}/update`, 422],
      ['schools.manage', 'DELETE', `/school/${randomUUID()}/delete`, 404],
      ['groupSchools.manage', 'POST', '/groupschool/create', 422],
      ['groupSchools.manage', 'DELETE', `/groupschool/${randomUUID()}/delete`, 404],
      ['email.outbox.view', 'GET', '/email/outbox', 200],
    ];

    it.each(guarded)(
      '%s guards %s %s for exactly the roles of the matrix',
      async (permission, method, url, allowedStatus) => {
        const before = await countOf(auditLogs);
        for (const [who, role] of Object.entries(demoUsers)) {
          const allowed = (PERMISSIONS[permission] as readonly Role[]).includes(role);
          const response = await call(who, method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
          expect(response.statusCode, `${who} ${method} ${url}`).toBe(allowed ? allowedStatus : 403);
        }
        expect(await countOf(auditLogs)).toBe(before);
      },
    );
  });
});

describe('structure that fees depend on', () => {
  const t = useTestApp();

  async function call(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url: `/api/v1${url}`, headers: await t.as(who), ...(payload ? { payload } : {}) });
  }

  it('refuses to delete a term that has fees, or a class arm a fee is billed to, with a 409 instead of a failure', async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const current = (await call('admin', 'GET', `/term/current?school_id=${school!.id}`)).json().data;
    const term = await call('admin', 'DELETE', `/term/${current._id}/delete`);
    expect(term.statusCode).toBe(409);
    expect(term.json().message).toBe('This term has fees, so it cannot be deleted.');

    const arm = (await call('admin', 'POST', '/classarm/create', { school_id: school!.id, name: 'JSS 1Z' })).json()
      .data;
    const fee = await call('bursar', 'POST', '/fee/create', {
      school_id: school!.id,
      term_id: current._id,
      name: 'Robotics club',
      description: 'For JSS 1Z',
      type: 'miscellaneous',
      amount: '5000.00',
      appliesTo: 'classArms',
      classArm_ids: [arm._id],
    });
    expect(fee.statusCode, fee.body).toBe(200);
    const refused = await call('admin', 'DELETE', `/classarm/${arm._id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Fees are billed to this class arm, so it cannot be deleted.');
  });
});
