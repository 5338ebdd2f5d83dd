import {
  EMERGENCY_RELATIONSHIPS,
  GENDERS,
  GUARDIAN_RELATIONSHIPS,
  type School,
  STUDENT_TYPES,
  type StudentFormValues,
  type StudentInput,
} from '@schoolledger/domain';
import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { Checkbox, FormField, Input, Select } from '@/components/ui';
import { useClassArms } from '@/lib/queries/class-arms';
import { TYPE_LABELS } from '../lib/filters';

type StudentForm = UseFormReturn<StudentFormValues, unknown, StudentInput>;

const grid = 'grid gap-4 sm:grid-cols-2';

export function PersonalTab({ form }: { form: StudentForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="First name" required error={errors.firstname?.message}>
          <Input autoComplete="off" {...register('firstname')} />
        </FormField>
        <FormField label="Middle name" error={errors.middlename?.message}>
          <Input autoComplete="off" {...register('middlename')} />
        </FormField>
        <FormField label="Last name" required error={errors.lastname?.message}>
          <Input autoComplete="off" {...register('lastname')} />
        </FormField>
      </div>
      <div className={grid}>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Phone" required error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" placeholder="08012345678" {...register('phone')} />
        </FormField>
        <FormField label="Date of birth" required error={errors.DOB?.message}>
          <Input type="date" {...register('DOB')} />
        </FormField>
        <FormField label="Gender" required error={errors.gender?.message}>
          <Select {...register('gender')}>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {gender}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Registration number" required error={errors.regNo?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register('regNo')} />
        </FormField>
      </div>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">Home address</legend>
        <FormField label="Street" required error={errors.address?.street?.message}>
          <Input autoComplete="off" {...register('address.street')} />
        </FormField>
        <div className={grid}>
          <FormField label="City" required error={errors.address?.city?.message}>
            <Input autoComplete="off" {...register('address.city')} />
          </FormField>
          <FormField label="State" required error={errors.address?.state?.message}>
            <Input autoComplete="off" {...register('address.state')} />
          </FormField>
          <FormField label="Country" required error={errors.address?.country?.message}>
            <Input autoComplete="off" {...register('address.country')} />
          </FormField>
          <FormField label="Postal code" error={errors.address?.postalCode?.message}>
            <Input autoComplete="off" {...register('address.postalCode')} />
          </FormField>
        </div>
      </fieldset>
    </div>
  );
}

export function AcademicTab({ form, schools }: { form: StudentForm; schools: readonly School[] }) {
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  const schoolId = useWatch({ control, name: 'school_id' });
  const classArmId = useWatch({ control, name: 'classArm_id' });
  const classArms = useClassArms(schoolId || undefined);
  const noClasses = classArms.isSuccess && classArms.data.length === 0;
  return (
    <div className={grid}>
      {/* School and class are controlled, so a saved choice shows once its options arrive. */}
      <FormField label="School" required error={errors.school_id?.message}>
        <Select value={schoolId} {...register('school_id', { onChange: () => setValue('classArm_id', '') })}>
          <option value="">Select a school</option>
          {schools.map((school) => (
            <option key={school._id} value={school._id}>
              {school.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        label="Class"
        required
        error={errors.classArm_id?.message}
        hint={!schoolId ? 'Choose a school first.' : noClasses ? 'This school has no class arms yet.' : undefined}
      >
        <Select value={classArmId} disabled={!schoolId || classArms.isPending} {...register('classArm_id')}>
          <option value="">{classArms.isFetching ? 'Loading classes...' : 'Select a class'}</option>
          {classArms.data?.map((arm) => (
            <option key={arm._id} value={arm._id}>
              {arm.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Student type" required error={errors.type?.message}>
        <Select {...register('type')}>
          {STUDENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Expected graduation year" required error={errors.expectedGraduationYear?.message}>
        <Input type="number" inputMode="numeric" min={2020} max={2050} {...register('expectedGraduationYear')} />
      </FormField>
      <FormField label="Previous school" error={errors.previousSchool?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...register('previousSchool')} />
      </FormField>
    </div>
  );
}

export function GuardianTab({ form }: { form: StudentForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const guardian = errors.guardian;
  return (
    <div className="space-y-4">
      <div className={grid}>
        <FormField label="Guardian name" required error={guardian?.name?.message}>
          <Input autoComplete="off" {...register('guardian.name')} />
        </FormField>
        <FormField label="Relationship" required error={guardian?.relationship?.message}>
          <Select {...register('guardian.relationship')}>
            {GUARDIAN_RELATIONSHIPS.map((relationship) => (
              <option key={relationship} value={relationship}>
                {relationship}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Guardian phone" required error={guardian?.phone?.message}>
          <Input type="tel" inputMode="tel" {...register('guardian.phone')} />
        </FormField>
        <FormField label="Guardian email" error={guardian?.email?.message}>
          <Input type="email" autoComplete="off" {...register('guardian.email')} />
        </FormField>
        <FormField label="Occupation" error={guardian?.occupation?.message}>
          <Input autoComplete="off" {...register('guardian.occupation')} />
        </FormField>
        <FormField label="Work address" error={guardian?.workAddress?.message}>
          <Input autoComplete="off" {...register('guardian.workAddress')} />
        </FormField>
      </div>
      <Checkbox label="Use as Emergency Contact" {...register('guardian.isEmergencyContact')} />
    </div>
  );
}

/**
 * While the guardian is the emergency contact, the emergency fields mirror the guardian's. It runs
 * in the dialog, not the tab, so the copy is made even if the Emergency Contact tab is never opened.
 */
export function useEmergencyMirror(form: StudentForm) {
  const { control, setValue } = form;
  const guardian = useWatch({ control, name: 'guardian' });
  const linked = Boolean(guardian.isEmergencyContact);
  useEffect(() => {
    if (!linked) return;
    const options = { shouldDirty: true };
    setValue('emergencyContact.name', guardian.name ?? '', options);
    setValue('emergencyContact.relationship', guardian.relationship, options);
    setValue('emergencyContact.phone', guardian.phone ?? '', options);
    setValue('emergencyContact.email', guardian.email ?? '', options);
    setValue('emergencyContact.address', guardian.workAddress ?? '', options);
  }, [linked, guardian.name, guardian.relationship, guardian.phone, guardian.email, guardian.workAddress, setValue]);
}

export function EmergencyTab({ form }: { form: StudentForm }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const linked = Boolean(useWatch({ control, name: 'guardian.isEmergencyContact' }));
  const relationship = useWatch({ control, name: 'emergencyContact.relationship' });
  const emergency = errors.emergencyContact;
  return (
    <div className="space-y-4">
      {linked && (
        <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300">
          The guardian is the emergency contact; change these details on the Guardian Info tab.
        </p>
      )}
      <div className={grid}>
        <FormField label="Emergency contact name" required error={emergency?.name?.message}>
          <Input autoComplete="off" readOnly={linked} {...register('emergencyContact.name')} />
        </FormField>
        <FormField label="Relationship" required error={emergency?.relationship?.message}>
          {linked ? (
            <Input readOnly value={relationship} />
          ) : (
            <Select {...register('emergencyContact.relationship')}>
              {EMERGENCY_RELATIONSHIPS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Emergency contact phone" required error={emergency?.phone?.message}>
          <Input type="tel" inputMode="tel" readOnly={linked} {...register('emergencyContact.phone')} />
        </FormField>
        <FormField label="Emergency contact email" error={emergency?.email?.message}>
          <Input type="email" autoComplete="off" readOnly={linked} {...register('emergencyContact.email')} />
        </FormField>
        <FormField label="Emergency contact address" error={emergency?.address?.message} className="sm:col-span-2">
          <Input autoComplete="off" readOnly={linked} {...register('emergencyContact.address')} />
        </FormField>
      </div>
    </div>
  );
}
