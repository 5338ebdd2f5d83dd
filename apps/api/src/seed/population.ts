import { displayName, type Student } from '@schoolledger/domain';
import {
  MIDDLE_NAMES,
  NAME_POOLS,
  type NamePool,
  OCCUPATIONS,
  PHONE_PREFIXES,
  PRIMARY_SCHOOLS,
  SECONDARY_SCHOOLS,
  STREETS,
} from './names.js';
import { seededRandom } from './random.js';

export const CLASS_LEVELS = ['JSS 1', 'JSS 2', 'JSS 3', 'SS 1', 'SS 2', 'SS 3'] as const;
export const CLASS_ARMS = CLASS_LEVELS.flatMap((level) => [`${level}A`, `${level}B`]);
const REG_NO_PREFIXES = ['CVC', 'CVW'] as const;
const PARENT_COUNT = 120;

type Gender = 'Male' | 'Female';
type SchoolIndex = 0 | 1;

export interface PersonSeed {
  firstname: string;
  middlename: string | null;
  lastname: string;
  email: string;
  phone: string;
  school: SchoolIndex;
}

export interface StudentSeed extends PersonSeed {
  classArm: string;
  regNo: string;
  profile: {
    dob: string;
    gender: Gender;
    type: 'day' | 'boarding';
    academicStatus: 'active' | 'suspended';
    expectedGraduationYear: number;
    previousSchool: string | null;
    currentGpa: string | null;
    street: string;
    city: string;
    state: string;
    country: string;
    postalCode: string;
    guardian: NonNullable<Student['guardian']>;
    emergencyContact: NonNullable<Student['emergencyContact']>;
    enrolledAt: string;
  };
}

export interface DemoPopulation {
  parents: PersonSeed[];
  students: StudentSeed[];
  /** Parent email, child email. */
  links: [string, string][];
}

/** The fixed demo logins the population is built around: a student and her parent. */
export interface Anchors {
  student: {
    email: string;
    firstname: string;
    middlename: string;
    lastname: string;
    phone: string;
    regNo: string;
    classArm: string;
  };
  parent: { email: string; firstname: string; lastname: string; phone: string };
}

interface Family {
  surname: string;
  pool: NamePool;
  school: SchoolIndex;
  address: { street: string; city: string; state: string; postalCode: string };
  parent: PersonSeed & { gender: Gender; occupation: string };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const ascii = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * About 300 students over the two schools' 24 class arms and 120 parent accounts, the same on
 * every run for the same `today`.
 */
export function demoPopulation(today: Date, domain: string, anchors: Anchors): DemoPopulation {
  const random = seededRandom(20250907);
  const sessionStart = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const todayIso = iso(today);
  const emails = new Set([anchors.student.email, anchors.parent.email]);
  const regNoCounters = [200, 200];

  const uniqueEmail = (firstname: string, lastname: string) => {
    const base = `${ascii(firstname)}.${ascii(lastname)}`;
    let email = `${base}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${base}${n}@${domain}`;
    emails.add(email);
    return email;
  };
  const phone = () => `${random.pick(PHONE_PREFIXES)}${random.digits(7)}`;

  // Class arm places: 11 to 14 students in each arm of each school, handed out at random.
  const places: [string[], string[]] = [[], []];
  for (const school of [0, 1] as const) {
    for (const arm of CLASS_ARMS) {
      for (let n = random.int(11, 14); n > 0; n--) places[school].push(arm);
    }
    places[school] = random.shuffle(places[school]);
  }
  const takePlace = (school: SchoolIndex, arm?: string) => {
    const list = places[school];
    const index = arm ? list.indexOf(arm) : 0;
    return index < 0 ? undefined : list.splice(index, 1)[0];
  };

  const poolFor = (school: SchoolIndex) => {
    const roll = random.next();
    const shares = school === 0 ? [0.4, 0.7, 0.8] : [0.2, 0.45, 0.8];
    if (roll < shares[0]!) return NAME_POOLS.yoruba;
    if (roll < shares[1]!) return NAME_POOLS.igbo;
    if (roll < shares[2]!) return NAME_POOLS.hausa;
    return NAME_POOLS.others;
  };

  const newFamily = (school: SchoolIndex, pool: NamePool, surname: string): Omit<Family, 'parent'> => {
    const place = random.pick(school === 0 ? STREETS.lagos : STREETS.abuja);
    return {
      surname,
      pool,
      school,
      address: {
        street: `${random.int(1, 120)} ${place.street}`,
        city: place.city,
        state: school === 0 ? 'Lagos' : 'FCT Abuja',
        postalCode: school === 0 ? `1002${random.digits(2)}` : `9002${random.digits(2)}`,
      },
    };
  };

  const relative = (family: Omit<Family, 'parent'>) => {
    const gender: Gender = random.chance(0.5) ? 'Male' : 'Female';
    const relationship = random.pick(
      gender === 'Male'
        ? (['Uncle', 'Grandfather', 'Family Friend'] as const)
        : (['Aunt', 'Grandmother', 'Family Friend'] as const),
    );
    const pool = relationship === 'Family Friend' ? random.pick(Object.values(NAME_POOLS)) : family.pool;
    const surname = relationship === 'Family Friend' ? random.pick(pool.surnames) : family.surname;
    return {
      name: `${random.pick(gender === 'Male' ? pool.male : pool.female)} ${surname}`,
      relationship,
      phone: phone(),
      email: null,
      address: `${family.address.street}, ${family.address.city}`,
    };
  };

  const students: StudentSeed[] = [];
  const links: [string, string][] = [];

  const addStudent = (
    family: Omit<Family, 'parent'>,
    parent: Family['parent'] | null,
    school: SchoolIndex,
    arm: string,
    fixed?: Anchors['student'] & { gender: Gender },
  ) => {
    const gender: Gender = fixed?.gender ?? (random.chance(0.5) ? 'Male' : 'Female');
    const firstname = fixed?.firstname ?? random.pick(gender === 'Male' ? family.pool.male : family.pool.female);
    const middlename =
      fixed?.middlename ??
      (random.chance(0.6) ? random.pick(gender === 'Male' ? MIDDLE_NAMES.male : MIDDLE_NAMES.female) : null);
    const level = CLASS_LEVELS.findIndex((name) => arm.startsWith(name));
    const entryYear = sessionStart - level;
    const transfer = random.chance(0.15);
    const entry = new Date(Date.UTC(entryYear, 8, random.int(8, 15)));
    const enrolled = transfer ? new Date(entry.getTime() + random.next() * (today.getTime() - entry.getTime())) : entry;
    const enrolledAt = iso(enrolled) > todayIso ? todayIso : iso(enrolled);
    const dob = iso(
      new Date(
        Date.UTC(sessionStart - 10 - level - (random.chance(0.3) ? 1 : 0), random.int(0, 11), random.int(1, 28)),
      ),
    );
    regNoCounters[school]! += 1;
    const regNo =
      fixed?.regNo ??
      `${REG_NO_PREFIXES[school]}/${enrolledAt.slice(0, 4)}/${String(regNoCounters[school]).padStart(4, '0')}`;

    const guardianIsParent = parent !== null;
    const guardianGender: Gender = parent?.gender ?? (random.chance(0.5) ? 'Male' : 'Female');
    const guardianRelationship = parent
      ? parent.gender === 'Male'
        ? 'Father'
        : 'Mother'
      : random.pick(
          guardianGender === 'Male'
            ? (['Father', 'Uncle', 'Guardian'] as const)
            : (['Mother', 'Aunt', 'Guardian'] as const),
        );
    const guardianName = parent
      ? displayName(parent)
      : `${random.pick(guardianGender === 'Male' ? family.pool.male : family.pool.female)} ${family.surname}`;
    const guardian = {
      name: guardianName,
      relationship: guardianRelationship,
      phone: parent?.phone ?? phone(),
      email: parent?.email ?? null,
      occupation: parent?.occupation ?? random.pick(OCCUPATIONS),
      workAddress: null,
      isEmergencyContact: !guardianIsParent && random.chance(0.25),
    };
    const emergencyContact = guardian.isEmergencyContact
      ? {
          name: guardian.name,
          relationship: guardian.relationship,
          phone: guardian.phone,
          email: guardian.email,
          address: `${family.address.street}, ${family.address.city}`,
        }
      : relative(family);

    const student: StudentSeed = {
      firstname,
      middlename,
      lastname: family.surname,
      email: fixed?.email ?? uniqueEmail(firstname, family.surname),
      phone: fixed?.phone ?? phone(),
      school,
      classArm: arm,
      regNo,
      profile: {
        dob,
        gender,
        type: random.chance(0.3) ? 'boarding' : 'day',
        academicStatus: random.chance(0.03) ? 'suspended' : 'active',
        expectedGraduationYear: sessionStart + CLASS_LEVELS.length - level,
        previousSchool: transfer
          ? random.pick(SECONDARY_SCHOOLS)
          : random.chance(0.8)
            ? random.pick(PRIMARY_SCHOOLS)
            : null,
        currentGpa: random.chance(0.7) ? (random.int(150, 400) / 100).toFixed(2) : null,
        street: family.address.street,
        city: family.address.city,
        state: family.address.state,
        country: 'Nigeria',
        postalCode: family.address.postalCode,
        guardian,
        emergencyContact,
        enrolledAt,
      },
    };
    students.push(student);
    if (parent) links.push([parent.email, student.email]);
  };

  // The demo parent's family: the demo student in the first school and a brother in the second.
  const obi = newFamily(0, NAME_POOLS.igbo, anchors.parent.lastname);
  const obiParent = {
    ...anchors.parent,
    middlename: null,
    school: 0 as const,
    gender: 'Male' as const,
    occupation: 'Engineer',
  };
  takePlace(0, anchors.student.classArm);
  addStudent(obi, obiParent, 0, anchors.student.classArm, { ...anchors.student, gender: 'Female' });
  takePlace(1, 'SS 1B');
  addStudent(obi, obiParent, 1, 'SS 1B');

  const parents: PersonSeed[] = [];
  for (let n = 1; n < PARENT_COUNT; n++) {
    const school: SchoolIndex = random.chance(0.55) ? 0 : 1;
    const pool = poolFor(school);
    const family = newFamily(school, pool, random.pick(pool.surnames));
    const gender: Gender = random.chance(0.55) ? 'Male' : 'Female';
    const firstname = random.pick(gender === 'Male' ? pool.male : pool.female);
    const parent = {
      firstname,
      middlename: null,
      lastname: family.surname,
      email: uniqueEmail(firstname, family.surname),
      phone: phone(),
      school,
      gender,
      occupation: random.pick(OCCUPATIONS),
    };
    const roll = random.next();
    const children = roll < 0.55 ? 1 : roll < 0.88 ? 2 : 3;
    const otherSchoolChild = children > 1 && random.chance(0.12);
    let placed = 0;
    for (let child = 0; child < children; child++) {
      const childSchool: SchoolIndex = otherSchoolChild && child === children - 1 ? (school === 0 ? 1 : 0) : school;
      const arm = takePlace(childSchool);
      if (!arm) continue;
      addStudent(family, parent, childSchool, arm);
      placed++;
    }
    if (placed) parents.push(parent);
  }

  // The remaining places go to students whose families have no parent account yet.
  for (const school of [0, 1] as const) {
    for (let arm = takePlace(school); arm; arm = takePlace(school)) {
      const pool = poolFor(school);
      addStudent(newFamily(school, pool, random.pick(pool.surnames)), null, school, arm);
    }
  }

  return { parents, students, links };
}
