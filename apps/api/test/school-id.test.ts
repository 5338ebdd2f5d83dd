import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feeClassArms, feeStudents, parentStudents, users } from '../src/db/schema.js';
import {
  aClassArm,
  aFee,
  aSchool,
  aSession,
  aStudent,
  aTerm,
  type ClassArm,
  type School,
  type Term,
} from './builders.js';
import { demoEmail, useTestApp } from './helper.js';

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');

describe('every row that belongs to a school carries its school_id', () => {
  const t = useTestApp({ clock: () => now });
  let school: School;
  let term: Term;
  let arm: ClassArm;

  beforeAll(async () => {
    school = await aSchool(t);
    const session = await aSession(t, { school_id: school.id });
    term = await aTerm(t, { session: session.id });
    arm = await aClassArm(t, { school_id: school.id });
  });

  it("a fee's class arms and students carry the fee's school", async () => {
    const student = await aStudent(t, { school_id: school.id, classArm_id: arm.id });
    const byArm = await aFee(t, {
      school_id: school.id,
      term_id: term.id,
      appliesTo: 'classArms',
      classArm_ids: [arm.id],
    });
    const byStudent = await aFee(t, {
      school_id: school.id,
      term_id: term.id,
      appliesTo: 'students',
      student_ids: [student.id],
    });

    expect(await t.ctx.db.select().from(feeClassArms).where(eq(feeClassArms.feeId, byArm.id))).toEqual([
      { feeId: byArm.id, classArmId: arm.id, schoolId: school.id },
    ]);
    expect(await t.ctx.db.select().from(feeStudents).where(eq(feeStudents.feeId, byStudent.id))).toEqual([
      { feeId: byStudent.id, studentId: student.id, schoolId: school.id },
    ]);
  });

  it("a parent's link to a child carries the child's school, not the parent's", async () => {
    const child = await aStudent(t, { school_id: school.id, classArm_id: arm.id });
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    expect(parent!.schoolId).not.toBe(school.id);

    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/students/${child.id}/link-parent`,
      headers: await t.as('admin'),
      payload: { parentId: parent!.id },
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const links = await t.ctx.db.select().from(parentStudents).where(eq(parentStudents.studentId, child.id));
    expect(links.map(({ parentId, schoolId }) => ({ parentId, schoolId }))).toEqual([
      { parentId: parent!.id, schoolId: school.id },
    ]);
  });

  it("the demo seed's parent links carry their child's school", async () => {
    const links = await t.ctx.db
      .select({ linked: parentStudents.schoolId, child: users.schoolId })
      .from(parentStudents)
      .innerJoin(users, eq(users.id, parentStudents.studentId));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => link.linked !== link.child)).toEqual([]);
  });
});
