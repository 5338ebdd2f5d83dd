import {
  type DisciplinaryRecord,
  displayName,
  STUDENT_FILE_COLUMNS,
  type Student,
  type StudentInput,
} from '@schoolledger/domain';
import type { DisciplinaryRow, ParentSummary, StudentRow } from './students.queries.js';

type StoredGuardian = NonNullable<Student['guardian']>;
type StoredEmergencyContact = NonNullable<Student['emergencyContact']>;

/** The guardian and emergency contact as stored: every optional field present, empty meaning null. */
export function storedContacts(input: Partial<Pick<StudentInput, 'guardian' | 'emergencyContact'>>): {
  guardian: StoredGuardian | null;
  emergencyContact: StoredEmergencyContact | null;
} {
  const { guardian, emergencyContact } = input;
  return {
    guardian: guardian
      ? {
          name: guardian.name,
          relationship: guardian.relationship,
          phone: guardian.phone,
          email: guardian.email || null,
          occupation: guardian.occupation || null,
          workAddress: guardian.workAddress || null,
          isEmergencyContact: guardian.isEmergencyContact,
        }
      : null,
    emergencyContact: emergencyContact
      ? {
          name: emergencyContact.name,
          relationship: emergencyContact.relationship,
          phone: emergencyContact.phone,
          email: emergencyContact.email || null,
          address: emergencyContact.address || null,
        }
      : null,
  };
}

export function toStudent(row: StudentRow, parents: ParentSummary[]): Student {
  const { user, profile } = row;
  return {
    _id: user.id,
    firstname: user.firstname,
    middlename: user.middlename,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    DOB: profile?.dob ?? null,
    gender: profile?.gender ?? null,
    regNo: user.regNo ?? '',
    type: profile?.type ?? 'day',
    status: user.status,
    school: { _id: row.school.id, name: row.school.name },
    classArm: row.classArm ? { _id: row.classArm.id, name: row.classArm.name } : null,
    address:
      profile?.street && profile.city && profile.state && profile.country
        ? {
            street: profile.street,
            city: profile.city,
            state: profile.state,
            country: profile.country,
            postalCode: profile.postalCode,
          }
        : null,
    profile: { img: user.profilePicture },
    expectedGraduationYear: profile?.expectedGraduationYear ?? null,
    previousSchool: profile?.previousSchool ?? null,
    academicStatus: profile?.academicStatus ?? 'active',
    currentGPA: profile?.currentGpa == null ? null : Number(profile.currentGpa),
    guardian: (profile?.guardian as StoredGuardian | null) ?? null,
    emergencyContact: (profile?.emergencyContact as StoredEmergencyContact | null) ?? null,
    parents: parents
      .filter((parent) => parent.studentId === user.id)
      .map((parent) => ({ _id: parent.id, name: displayName(parent), email: parent.email })),
    enrolledAt: profile?.enrolledAt ?? user.createdAt.toISOString().slice(0, 10),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export function toDisciplinaryRecord({ record, recorder }: DisciplinaryRow): DisciplinaryRecord {
  return {
    _id: record.id,
    student_id: record.studentId,
    date: record.date,
    category: record.category,
    description: record.description,
    actionTaken: record.actionTaken,
    recordedBy: recorder ? { _id: recorder.id, name: displayName(recorder) } : null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** One line of the export, in the order of STUDENT_FILE_COLUMNS. */
export function toFileRow(student: Student): string[] {
  const values: Record<(typeof STUDENT_FILE_COLUMNS)[number], string | number | null | undefined> = {
    'First Name': student.firstname,
    'Middle Name': student.middlename,
    'Last Name': student.lastname,
    Email: student.email,
    Phone: student.phone,
    'Date of Birth': student.DOB,
    Gender: student.gender,
    'Registration Number': student.regNo,
    'Class Arm': student.classArm?.name,
    Type: student.type,
    'Expected Graduation Year': student.expectedGraduationYear,
    Street: student.address?.street,
    City: student.address?.city,
    State: student.address?.state,
    Country: student.address?.country,
    'Postal Code': student.address?.postalCode,
    'Guardian Name': student.guardian?.name,
    'Guardian Relationship': student.guardian?.relationship,
    'Guardian Phone': student.guardian?.phone,
    'Guardian Email': student.guardian?.email,
    'Emergency Contact Name': student.emergencyContact?.name,
    'Emergency Contact Relationship': student.emergencyContact?.relationship,
    'Emergency Contact Phone': student.emergencyContact?.phone,
  };
  return STUDENT_FILE_COLUMNS.map((column) => String(values[column] ?? ''));
}
