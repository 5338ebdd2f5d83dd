import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, classArms, schools, users } from '../src/db/schema.js';
import { FIRST_SCHOOL, login, SECOND_SCHOOL, useTestApp } from './helper.js';

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');

const addressBody = {
  street: 'Opebi Road',
  street_no: '27',
  town: 'Ikeja',
  state: 'Lagos',
  country: 'Nigeria',
  zip_code: '100281',
};

describe("SPEC §7's student creation: POST /address/create, then POST /user/create-student with address_id", () => {
  const t = useTestApp({ clock: () => now });
  const ids = { first: '', second: '', firstArm: '', secondAddress: '' };

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    const [arm] = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.first));
    ids.firstArm = arm!.id;
    const [address] = await t.ctx.db.select().from(addresses).where(eq(addresses.schoolId, ids.second));
    ids.secondAddress = address!.id;
  });

  async function post(who: string, url: string, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: await t.as(who), payload });
  }

  /** The body SPEC §7 lists, roles and password included. */
  function specStudent(addressId: string, serial: number) {
    return {
      school_id: ids.first,
      firstname: 'Chidinma',
      middlename: 'Ada',
      lastname: 'Eze',
      regNo: `CVC/2025/55${serial}`,
      email: `chidinma${serial}@example.ng`,
      phone: '08034445555',
      address_id: addressId,
      DOB: '2012-06-30',
      gender: 'Female',
      classArm_id: ids.firstArm,
      type: 'boarding',
      roles: ['Student'],
      password: `chidinmaCVC/2025/55${serial}`,
    };
  }

  async function studentCount() {
    const [row] = await t.ctx.db.select({ n: count() }).from(users);
    return row!.n;
  }

  it('creates the address in the caller’s school, then the student at that address', async () => {
    const address = await post('ict', '/address/create', addressBody);
    expect(address.statusCode, address.body).toBe(200);
    const addressId = address.json().data._id as string;
    const [stored] = await t.ctx.db.select().from(addresses).where(eq(addresses.id, addressId));
    expect(stored).toMatchObject({ schoolId: ids.first, street: 'Opebi Road', isSchoolAddress: false });

    const created = await post('ict', '/user/create-student', specStudent(addressId, 1));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Student created successfully!',
      data: {
        firstname: 'Chidinma',
        regNo: 'CVC/2025/551',
        type: 'boarding',
        school: { _id: ids.first },
        address: { street: '27 Opebi Road', city: 'Ikeja', state: 'Lagos', country: 'Nigeria', postalCode: '100281' },
        guardian: null,
        emergencyContact: null,
        expectedGraduationYear: null,
      },
    });

    const signIn = await login(t, 'chidinma1@example.ng', 'chidinmaCVC/2025/551');
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data.user).toMatchObject({ roles: ['Student'], mustChangePassword: true });
  });

  it('asks the super-admin, who has no school, to name one for an address (422)', async () => {
    const refused = await post('admin', '/address/create', addressBody);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      success: false,
      message: 'School is required',
      errors: [{ field: 'school_id', message: 'School is required' }],
    });
    const named = await post('admin', '/address/create', { ...addressBody, school_id: ids.second });
    expect(named.statusCode, named.body).toBe(200);
  });

  it('answers 404 for an address of another school, whether the caller can see that school or not', async () => {
    const before = await studentCount();
    const foreign = await post('ict', '/user/create-student', specStudent(ids.secondAddress, 2));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Address not found', data: null, code: 'NOT_FOUND' });
    // The proprietor sees both schools, but the address must be the student's school's.
    const otherSchool = await post('proprietor', '/user/create-student', specStudent(ids.secondAddress, 3));
    expect(otherSchool.statusCode).toBe(404);
    expect(otherSchool.json().message).toBe('Address not found');
    expect(await studentCount()).toBe(before);
  });

  it('still takes the nested address of the form, which must then carry guardian and emergency contact', async () => {
    const { address_id: _unused, ...fields } = specStudent('', 4);
    const address = { street: '3 Isaac John Street', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' };
    const incomplete = await post('ict', '/students', { ...fields, address });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'guardian', message: 'Guardian is required' },
        { field: 'emergencyContact', message: 'Emergency contact is required' },
        { field: 'expectedGraduationYear', message: 'Expected graduation year is required' },
      ]),
    );
    const neither = await post('ict', '/user/create-student', fields);
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toContainEqual({ field: 'address', message: 'Address is required' });

    const complete = await post('ict', '/students', {
      ...fields,
      address,
      expectedGraduationYear: 2030,
      guardian: { name: 'Obinna Eze', relationship: 'Father', phone: '08036667777' },
      emergencyContact: { name: 'Ngozi Eze', relationship: 'Aunt', phone: '08038889999' },
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json().data).toMatchObject({
      address: { street: '3 Isaac John Street' },
      guardian: { name: 'Obinna Eze' },
    });
  });

  it('refuses an address and an address_id together', async () => {
    const address = await post('ict', '/address/create', addressBody);
    const both = await post('ict', '/user/create-student', {
      ...specStudent(address.json().data._id, 5),
      address: { street: '1 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toContainEqual({
      field: 'address',
      message: 'Send either an address or an address_id, not both',
    });
  });
});
