import { MSG } from '@schoolledger/domain';
import { count, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { academicSessions, addresses, auditLogs, classArms, groupSchools, schools, terms } from '../src/db/schema.js';
import { FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface SchoolIds {
  school: string;
  session: string;
  term: string;
  classArm: string;
  address: string;
}

/** Inside the First Term of the 2025/2026 session the demo seed creates, so a current term exists. */
const now = new Date('2025-11-12T09:00:00Z');

describe('tenancy: each caller sees only their own schools', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { group: '', first: {} as SchoolIds, second: {} as SchoolIds };

  async function call(who: string, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function dataOf(who: string, url: string) {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, `${who} GET ${url}: ${response.body}`).toBe(200);
    return response.json().data;
  }

  /** The ids of one school's session, term, class arm and address, read as the super-admin. */
  async function idsOf(schoolName: string): Promise<SchoolIds> {
    const all = await dataOf('admin', '/school/all');
    const school = all.find((row: { name: string }) => row.name === schoolName);
    const [session] = await dataOf('admin', `/session/all?school_id=${school._id}`);
    const [term] = await dataOf('admin', `/term/all?school_id=${school._id}`);
    const [classArm] = await dataOf('admin', `/classarm/all?school_id=${school._id}`);
    const [address] = await dataOf('admin', `/address/all?school_id=${school._id}`);
    return { school: school._id, session: session._id, term: term._id, classArm: classArm._id, address: address._id };
  }

  /** Everything stored for one school, to show a refused request changed nothing. */
  async function snapshot(schoolId: string) {
    const db = t.ctx.db;
    // Sign-ins are on the trail too (`t.as` signs in on first use); they change nothing of the school.
    const [audit] = await db.select({ n: count() }).from(auditLogs).where(ne(auditLogs.action, 'auth.login'));
    return {
      school: await db.select().from(schools).where(eq(schools.id, schoolId)),
      sessions: await db.select().from(academicSessions).where(eq(academicSessions.schoolId, schoolId)),
      terms: await db.select().from(terms).where(eq(terms.schoolId, schoolId)),
      classArms: await db.select().from(classArms).where(eq(classArms.schoolId, schoolId)),
      addresses: await db.select().from(addresses).where(eq(addresses.schoolId, schoolId)),
      groups: await db.select().from(groupSchools),
      audits: audit!.n,
    };
  }

  const addressBody = {
    street: 'Hijacked Road',
    street_no: '1',
    town: 'Nowhere',
    state: 'Lagos',
    country: 'Nigeria',
    zip_code: '100001',
  };

  /** Every academic endpoint that takes an id or a school, aimed at `target`'s ids. */
  function foreignRequests(target: SchoolIds, group: string): [string, Method, string, unknown?][] {
    const session = { school_id: target.school, name: '2099/2100', startDate: '2099-09-01', endDate: '2100-07-31' };
    const term = { session: target.session, name: 'Extra Term', startDate: '2099-09-02', endDate: '2099-09-30' };
    const arm = { school_id: target.school, name: 'Hijack 1A', capacity: 10 };
    const school = {
      groupSchool_id: group,
      name: 'Renamed by a stranger',
      phoneNumber: '+2348000000000',
      ...addressBody,
    };
    return [
      // Reads by id
      ['principal', 'GET', `/school/${target.school}`],
      ['principal', 'GET', `/session/${target.session}`],
      ['principal', 'GET', `/session/${target.session}/terms`],
      ['principal', 'GET', `/term/${target.term}`],
      ['principal', 'GET', `/term/by-session?session_id=${target.session}`],
      ['principal', 'GET', `/classarm/${target.classArm}`],
      ['principal', 'GET', `/classarm/${target.classArm}/student-count`],
      ['principal', 'GET', `/address/${target.address}`],
      ['principal', 'GET', `/school/by-address?address_id=${target.address}`],
      // Lists narrowed to the other school
      ['principal', 'GET', `/session/all?school_id=${target.school}`],
      ['principal', 'GET', `/session/by-school?school_id=${target.school}`],
      ['principal', 'GET', `/term/all?school_id=${target.school}`],
      ['principal', 'GET', `/term/current?school_id=${target.school}`],
      ['principal', 'GET', `/classarm/all?school_id=${target.school}`],
      ['principal', 'GET', `/classarm/by-school?school_id=${target.school}`],
      ['principal', 'GET', `/address/all?school_id=${target.school}`],
      // Creates inside the other school
      ['principal', 'POST', '/session/create', session],
      ['principal', 'POST', '/term/create', term],
      ['principal', 'POST', '/classarm/create', arm],
      ['principal', 'POST', '/address/create', { ...addressBody, school_id: target.school }],
      // Updates
      ['principal', 'PUT', `/session/${target.session}/update`, session],
      ['principal', 'PUT', `/term/${target.term}/update`, term],
      ['principal', 'PUT', `/classarm/${target.classArm}/update`, arm],
      ['principal', 'PUT', `/address/${target.address}/update`, addressBody],
      ['principal', 'DELETE', `/address/${target.address}/delete`],
      // A principal may not manage schools or delete academic records at all, so these go through
      // the ICT administrator of the same school, who may: the school scope still hides the target.
      ['ict', 'PUT', `/school/${target.school}/update`, school],
      ['ict', 'DELETE', `/school/${target.school}/delete`],
      ['ict', 'DELETE', `/session/${target.session}/delete`],
      ['ict', 'DELETE', `/term/${target.term}/delete`],
      ['ict', 'DELETE', `/classarm/${target.classArm}/delete`],
    ];
  }

  beforeAll(async () => {
    ids.first = await idsOf(FIRST_SCHOOL);
    ids.second = await idsOf(SECOND_SCHOOL);
    const [group] = await t.ctx.db.select().from(groupSchools);
    ids.group = group!.id;
  });

  it('reads the ids of both demo schools as the super-admin', () => {
    expect(ids.second.school).not.toBe(ids.first.school);
    for (const value of [...Object.values(ids.first), ...Object.values(ids.second)])
      expect(value).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 to a first-school user for every endpoint given an id of the second school, and changes nothing', async () => {
    const before = await snapshot(ids.second.school);
    const failures: string[] = [];
    for (const [who, method, url, payload] of foreignRequests(ids.second, ids.group)) {
      const response = await call(who, method, url, payload);
      if (response.statusCode !== 404)
        failures.push(`${who} ${method} ${url} -> ${response.statusCode} ${response.body}`);
      else
        expect(response.json()).toMatchObject({
          success: false,
          data: null,
          message: expect.stringMatching(/not found/),
        });
      expect(response.body).not.toContain(SECOND_SCHOOL);
    }
    expect(failures).toEqual([]);
    expect(await snapshot(ids.second.school)).toEqual(before);
  });

  it('answers 404 the other way round too: the second school principal cannot reach the first school', async () => {
    const before = await snapshot(ids.first.school);
    const requests = foreignRequests(ids.first, ids.group).filter(([who]) => who === 'principal');
    for (const [, method, url, payload] of requests) {
      const response = await call('principal2', method, url, payload);
      expect(response.statusCode, `principal2 ${method} ${url}: ${response.body}`).toBe(404);
    }
    expect(await snapshot(ids.first.school)).toEqual(before);
  });

  it('refuses the principal the school and delete endpoints outright (403), which reveals nothing either', async () => {
    for (const [who, method, url, payload] of foreignRequests(ids.second, ids.group)) {
      if (who !== 'ict') continue;
      const response = await call('principal', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(MSG.notAuthorized);
    }
  });

  it('lists only first-school rows to the principal when no filter is given', async () => {
    const schoolsSeen = await dataOf('principal', '/school/all');
    expect(schoolsSeen.map((row: { name: string }) => row.name)).toEqual([FIRST_SCHOOL]);
    const sessions = await dataOf('principal', '/session/all');
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((row: { school: string }) => row.school === ids.first.school)).toBe(true);
    const termsSeen = await dataOf('principal', '/term/all');
    expect(termsSeen.length).toBe(6);
    expect(termsSeen.every((row: { session: { school: string } }) => row.session.school === ids.first.school)).toBe(
      true,
    );
    const arms = await dataOf('principal', '/classarm/all');
    expect(arms).toHaveLength(12);
    expect(arms.every((row: { school: string }) => row.school === ids.first.school)).toBe(true);
    const addressesSeen = await dataOf('principal', '/address/all');
    expect(addressesSeen.map((row: { _id: string }) => row._id)).toEqual([ids.first.address]);
    const current = await dataOf('principal', '/term/current');
    expect(current).toMatchObject({ name: 'First Term', session: { name: '2025/2026', school: ids.first.school } });
    const byGroup = await dataOf('principal', `/school/by-groupSchool?groupSchool_id=${ids.group}`);
    expect(byGroup.map((row: { _id: string }) => row._id)).toEqual([ids.first.school]);
  });

  it('lets the principal see their own group school, but not its other school', async () => {
    const groups = await dataOf('principal', '/groupschool/all');
    expect(groups.map((row: { _id: string }) => row._id)).toEqual([ids.group]);
    expect(await dataOf('principal', `/groupschool/${ids.group}`)).toMatchObject({ _id: ids.group });
  });

  it('shows the second school principal only their school', async () => {
    const seen = await dataOf('principal2', '/school/all');
    expect(seen.map((row: { name: string }) => row.name)).toEqual([SECOND_SCHOOL]);
    const arms = await dataOf('principal2', '/classarm/all');
    expect(arms).toHaveLength(12);
    expect(new Set(arms.map((row: { school: string }) => row.school))).toEqual(new Set([ids.second.school]));
    expect(await dataOf('principal2', `/session/${ids.second.session}`)).toMatchObject({
      _id: ids.second.session,
      school: ids.second.school,
    });
  });

  it("lets a parent read the calendar of each school their children attend, and nobody else's students", async () => {
    const terms = await dataOf('parent', `/term/all?school_id=${ids.second.school}`);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((row: { session: { school: string } }) => row.session.school === ids.second.school)).toBe(true);
    const seen = await dataOf('parent', '/school/all');
    expect(seen.map((row: { name: string }) => row.name).sort()).toEqual([FIRST_SCHOOL, SECOND_SCHOOL]);
    const students = await dataOf('parent', `/students?school=${ids.second.school}`);
    expect(students.students.map((row: { lastname: string }) => row.lastname)).toEqual(['Obi']);
    expect((await call('student', 'GET', `/term/all?school_id=${ids.second.school}`)).statusCode).toBe(404);
  });

  it('shows the proprietor both schools of the group, and lets them update the second', async () => {
    const seen = await dataOf('proprietor', '/school/all');
    expect(seen).toHaveLength(2);
    expect(seen.map((row: { name: string }) => row.name).sort()).toEqual([FIRST_SCHOOL, SECOND_SCHOOL]);
    const sessions = await dataOf('proprietor', '/session/all');
    const schoolsOfSessions = new Set(sessions.map((row: { school: string }) => row.school));
    expect(schoolsOfSessions).toEqual(new Set([ids.first.school, ids.second.school]));
    expect(await dataOf('proprietor', `/term/${ids.second.term}`)).toMatchObject({ _id: ids.second.term });

    const current = seen.find((row: { name: string }) => row.name === SECOND_SCHOOL);
    const response = await call('proprietor', 'PUT', `/school/${ids.second.school}/update`, {
      groupSchool_id: ids.group,
      name: SECOND_SCHOOL,
      email: current.email,
      phoneNumber: '+2348098765499',
      street: current.address.street,
      street_no: current.address.street_no,
      town: current.address.town,
      state: current.address.state,
      country: current.address.country,
      zip_code: current.address.zip_code,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'School updated successfully!',
      data: { phoneNumber: '+2348098765499' },
    });
    const [audit] = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, ids.second.school));
    expect(audit).toMatchObject({ entity: 'school', action: 'update', schoolId: ids.second.school });
  });

  it('shows the super-admin every school', async () => {
    const seen = await dataOf('admin', '/school/all');
    expect(seen.map((row: { _id: string }) => row._id)).toEqual(
      expect.arrayContaining([ids.first.school, ids.second.school]),
    );
    const arms = await dataOf('admin', '/classarm/all');
    expect(arms).toHaveLength(24);
  });

  describe('a second school group', () => {
    const other = { group: '', school: '', session: '', classArm: '', address: '' };

    beforeAll(async () => {
      const group = await call('admin', 'POST', '/groupschool/create', {
        name: 'Northern Star Schools',
        description: 'Kano and Kaduna',
      });
      other.group = group.json().data._id;
      const school = await call('admin', 'POST', '/school/create', {
        groupSchool_id: other.group,
        name: 'Northern Star Academy, Kano',
        phoneNumber: '+2348061234567',
        street: 'Zoo Road',
        street_no: '40',
        town: 'Kano',
        state: 'Kano',
        country: 'Nigeria',
        zip_code: '700001',
      });
      other.school = school.json().data._id;
      other.address = school.json().data.address._id;
      const session = await call('admin', 'POST', '/session/create', {
        school_id: other.school,
        name: '2025/2026',
        startDate: '2025-09-01',
        endDate: '2026-07-31',
      });
      other.session = session.json().data._id;
      const arm = await call('admin', 'POST', '/classarm/create', { school_id: other.school, name: 'SS 1A' });
      other.classArm = arm.json().data._id;
    });

    it('was created by the super-admin, who sees it', async () => {
      expect(Object.values(other).every(Boolean)).toBe(true);
      const groups = await dataOf('admin', '/groupschool/all');
      expect(groups.map((row: { _id: string }) => row._id)).toEqual(expect.arrayContaining([ids.group, other.group]));
      expect(await dataOf('admin', '/school/all')).toHaveLength(3);
    });

    it('is invisible to the proprietor of the first group: 404 by id, absent from lists', async () => {
      const before = await snapshot(other.school);
      const notFound: [Method, string, unknown?][] = [
        ['GET', `/groupschool/${other.group}`],
        ['PUT', `/groupschool/${other.group}/update`, { name: 'Taken over', description: 'x' }],
        ['GET', `/school/${other.school}`],
        ['GET', `/school/by-groupSchool?groupSchool_id=${other.group}`],
        ['GET', `/school/by-address?address_id=${other.address}`],
        [
          'PUT',
          `/school/${other.school}/update`,
          {
            groupSchool_id: ids.group,
            name: 'Moved',
            phoneNumber: '+2348061234567',
            ...addressBody,
          },
        ],
        ['DELETE', `/school/${other.school}/delete`],
        [
          'POST',
          '/school/create',
          { groupSchool_id: other.group, name: 'Sneaky', phoneNumber: '+2348061234567', ...addressBody },
        ],
        ['GET', `/session/${other.session}`],
        ['GET', `/session/all?school_id=${other.school}`],
        ['DELETE', `/session/${other.session}/delete`],
        [
          'POST',
          '/session/create',
          { school_id: other.school, name: '2030/2031', startDate: '2030-09-01', endDate: '2031-07-31' },
        ],
        [
          'POST',
          '/term/create',
          { session: other.session, name: 'First Term', startDate: '2025-09-02', endDate: '2025-12-01' },
        ],
        ['GET', `/classarm/${other.classArm}/student-count`],
        ['DELETE', `/classarm/${other.classArm}/delete`],
        ['GET', `/address/${other.address}`],
      ];
      for (const [method, url, payload] of notFound) {
        const response = await call('proprietor', method, url, payload);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      }
      expect(await snapshot(other.school)).toEqual(before);

      const groups = await dataOf('proprietor', '/groupschool/all');
      expect(groups.map((row: { _id: string }) => row._id)).toEqual([ids.group]);
      const seen = await dataOf('proprietor', '/school/all');
      expect(seen.map((row: { _id: string }) => row._id)).not.toContain(other.school);
      expect(seen).toHaveLength(2);
      const sessions = await dataOf('proprietor', '/session/all');
      expect(sessions.map((row: { _id: string }) => row._id)).not.toContain(other.session);
      const arms = await dataOf('proprietor', '/classarm/all');
      expect(arms.map((row: { _id: string }) => row._id)).not.toContain(other.classArm);
      const addressesSeen = await dataOf('proprietor', '/address/all');
      expect(addressesSeen.map((row: { _id: string }) => row._id)).not.toContain(other.address);
    });

    it('is invisible to the principals of the first group', async () => {
      for (const who of ['principal', 'principal2']) {
        expect((await call(who, 'GET', `/groupschool/${other.group}`)).statusCode).toBe(404);
        expect((await call(who, 'GET', `/school/${other.school}`)).statusCode).toBe(404);
        expect((await dataOf(who, '/groupschool/all')).map((row: { _id: string }) => row._id)).toEqual([ids.group]);
      }
    });
  });
});
