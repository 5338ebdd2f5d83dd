import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classArms, fees, schools, terms, users } from '../src/db/schema.js';
import { FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

type Method = 'GET' | 'PUT' | 'DELETE';

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');

describe('a foreign id is not found (404), whoever asks and whatever they may do', () => {
  const t = useTestApp({ clock: () => now });
  // `first` is the school of every caller below (the parent's children are in both demo schools,
  // so the parent is left out); `second` is the foreign one.
  const ids = {
    first: { school: '', term: '', fee: '', student: '', classArm: '' },
    second: { school: '', term: '', fee: '', student: '', classArm: '' },
  };

  async function idsOf(schoolName: string) {
    const db = t.ctx.db;
    const [school] = await db.select().from(schools).where(eq(schools.name, schoolName));
    const [term] = await db.select().from(terms).where(eq(terms.schoolId, school!.id));
    const [fee] = await db.select().from(fees).where(eq(fees.schoolId, school!.id));
    const [classArm] = await db.select().from(classArms).where(eq(classArms.schoolId, school!.id));
    const [student] = await db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, school!.id), arrayContains(users.roles, ['Student'])));
    return { school: school!.id, term: term!.id, fee: fee!.id, student: student!.id, classArm: classArm!.id };
  }

  beforeAll(async () => {
    ids.first = await idsOf(FIRST_SCHOOL);
    ids.second = await idsOf(SECOND_SCHOOL);
  });

  async function call(who: string, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const userUpdate = {
    firstname: 'Stolen',
    lastname: 'Name',
    email: 'stolen@example.ng',
    phone: '08030000000',
    roles: ['Student'],
    status: 'active',
  };

  function userRequests(target: string): [Method, string, unknown?][] {
    return [
      ['GET', `/user/${target}`],
      ['PUT', `/user/${target}`, userUpdate],
      ['PUT', `/user/${target}/update`, userUpdate],
      ['DELETE', `/user/${target}`],
      ['DELETE', `/user/${target}/delete`],
    ];
  }

  it("answers 404 for another school's user to callers the user routes refuse, exactly as for a made-up id", async () => {
    const failures: string[] = [];
    for (const who of ['student', 'bursar', 'principal', 'auditor', 'headteacher']) {
      for (const target of [ids.second.student, randomUUID()]) {
        for (const [method, url, payload] of userRequests(target)) {
          const response = await call(who, method, url, payload);
          if (response.statusCode !== 404) failures.push(`${who} ${method} ${url} -> ${response.statusCode}`);
          else
            expect(response.json()).toEqual({
              success: false,
              message: 'User not found',
              data: null,
              code: 'USER_NOT_FOUND',
            });
        }
      }
    }
    expect(failures).toEqual([]);
    const [untouched] = await t.ctx.db.select().from(users).where(eq(users.id, ids.second.student));
    expect(untouched).toMatchObject({ deletedAt: null });
    expect(untouched!.firstname).not.toBe('Stolen');
  });

  it('still refuses (403) a user of their own school to a caller without the permission', async () => {
    // A principal reads their own school's directory now; a bursar and a student never do.
    for (const who of ['student', 'bursar']) {
      const response = await call(who, 'GET', `/user/${ids.first.student}`);
      expect(response.statusCode, who).toBe(403);
      expect(response.json().data).toBeNull();
    }
    const ict = await call('ict', 'GET', `/user/${ids.first.student}`);
    expect(ict.statusCode).toBe(200);
    expect(ict.json().data._id).toBe(ids.first.student);
  });

  function foreignFilters(): string[] {
    const { school, term, fee, student, classArm } = ids.second;
    return [
      `/fee/all?school_id=${school}`,
      `/fee/all?term_id=${term}`,
      `/payment/all?school_id=${school}`,
      `/payment/all?term_id=${term}`,
      `/payment/all?fee_id=${fee}`,
      `/payment/all?student_id=${student}`,
      `/students?school=${school}`,
      `/students?classArm=${classArm}`,
    ];
  }

  it('answers 404 to a student filtering a list by another school, its term, fee, student or class, as it does to staff', async () => {
    for (const who of ['student', 'bursar', 'principal', 'ict']) {
      const failures: string[] = [];
      for (const url of foreignFilters()) {
        const response = await call(who, 'GET', url);
        if (response.statusCode !== 404)
          failures.push(`${url} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
        else
          expect(response.json()).toMatchObject({
            success: false,
            data: null,
            message: expect.stringMatching(/not found$/),
          });
      }
      expect(failures, who).toEqual([]);
    }
  });

  it('keeps answering a student who filters by their own school and term, with their own rows', async () => {
    const { school } = ids.first;
    const all = await call('student', 'GET', '/fee/all');
    const term = all.json().data.fees[0].term._id as string;
    const feesSeen = await call('student', 'GET', `/fee/all?school_id=${school}&term_id=${term}`);
    expect(feesSeen.statusCode, feesSeen.body).toBe(200);
    expect(feesSeen.json().data.fees.length).toBeGreaterThan(0);
    const paid = await call('student', 'GET', `/payment/all?school_id=${school}`);
    expect(paid.statusCode, paid.body).toBe(200);
    const unfiltered = await call('student', 'GET', '/payment/all');
    expect(paid.json().data.pagination).toEqual(unfiltered.json().data.pagination);
  });
});
