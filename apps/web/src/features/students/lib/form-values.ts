import type { Student, StudentFormValues } from '@schoolledger/domain';

export const DEFAULT_COUNTRY = 'Nigeria';

export const FORM_TABS = ['personal', 'academic', 'guardian', 'emergency'] as const;
export type FormTab = (typeof FORM_TABS)[number];

export const FORM_TAB_LABELS: Record<FormTab, string> = {
  personal: 'Personal Info',
  academic: 'Academic Info',
  guardian: 'Guardian Info',
  emergency: 'Emergency Contact',
};

/** Which tab holds each top-level field, in the order the fields appear. */
export const TAB_FIELDS: Record<FormTab, readonly (keyof StudentFormValues)[]> = {
  personal: ['firstname', 'middlename', 'lastname', 'email', 'phone', 'DOB', 'gender', 'regNo', 'address'],
  academic: ['school_id', 'classArm_id', 'type', 'expectedGraduationYear', 'previousSchool'],
  guardian: ['guardian'],
  emergency: ['emergencyContact'],
};

/**
 * SPEC §9 defaults for a new student: Nigeria, Male, day student, graduating four years from now.
 * Relationships start on the neutral 'Guardian' and 'Other' rather than guessing a parent.
 */
export function formValues(student: Student | undefined, defaultSchoolId: string): StudentFormValues {
  const address = student?.address;
  const guardian = student?.guardian;
  const emergency = student?.emergencyContact;
  return {
    firstname: student?.firstname ?? '',
    middlename: student?.middlename ?? '',
    lastname: student?.lastname ?? '',
    email: student?.email ?? '',
    phone: student?.phone ?? '',
    DOB: student?.DOB?.slice(0, 10) ?? '',
    gender: student?.gender ?? 'Male',
    regNo: student?.regNo ?? '',
    address: {
      street: address?.street ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      country: address?.country ?? DEFAULT_COUNTRY,
      postalCode: address?.postalCode ?? '',
    },
    school_id: student?.school._id ?? defaultSchoolId,
    classArm_id: student?.classArm?._id ?? '',
    type: student?.type ?? 'day',
    expectedGraduationYear: student?.expectedGraduationYear ?? new Date().getFullYear() + 4,
    previousSchool: student?.previousSchool ?? '',
    guardian: {
      name: guardian?.name ?? '',
      relationship: guardian?.relationship ?? 'Guardian',
      phone: guardian?.phone ?? '',
      email: guardian?.email ?? '',
      occupation: guardian?.occupation ?? '',
      workAddress: guardian?.workAddress ?? '',
      isEmergencyContact: guardian?.isEmergencyContact ?? false,
    },
    emergencyContact: {
      name: emergency?.name ?? '',
      relationship: emergency?.relationship ?? 'Other',
      phone: emergency?.phone ?? '',
      email: emergency?.email ?? '',
      address: emergency?.address ?? '',
    },
  };
}
