import { zodResolver } from '@hookform/resolvers/zod';
import { type Student, type StudentFormValues, type StudentInput, studentInputSchema } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { type FieldErrors, type Path, useForm } from 'react-hook-form';
import { FormDialog, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth';
import { useSchools } from '@/lib/queries/schools';
import { useCreateStudent } from '../api/create-student';
import { useUpdateStudent } from '../api/update-student';
import { FORM_TAB_LABELS, FORM_TABS, type FormTab, formValues, TAB_FIELDS } from '../lib/form-values';
import { AcademicTab, EmergencyTab, GuardianTab, PersonalTab, useEmergencyMirror } from './student-form-tabs';

export interface StudentFormDialogProps {
  /** The student to edit; a new student when left out. */
  student?: Student | undefined;
  onClose(): void;
}

/** The first field, in tab order, that has an error, as a dotted path for focusing. */
function firstError(errors: FieldErrors<StudentFormValues>): { tab: FormTab; path: string } | null {
  for (const tab of FORM_TABS) {
    for (const field of TAB_FIELDS[tab]) {
      const error = errors[field];
      if (!error) continue;
      const nested = error.message ? undefined : Object.keys(error).find((key) => key !== 'ref' && key !== 'type');
      return { tab, path: nested ? `${field}.${nested}` : field };
    }
  }
  return null;
}

/** Server field errors arrive as dotted paths ('guardian.phone'); each lands under its input. */
function serverErrors(error: unknown): { path: Path<StudentFormValues>; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  return error.errors
    .filter(({ field }) => FORM_TABS.some((tab) => TAB_FIELDS[tab].some((name) => field.split('.')[0] === name)))
    .map(({ field, message }) => ({ path: field as Path<StudentFormValues>, message }));
}

export function StudentFormDialog({ student, onClose }: StudentFormDialogProps) {
  const [tab, setTab] = useState<FormTab>('personal');
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const userSchool = useAuthStore((state) => state.user?.school?._id ?? '');
  const schools = useSchools();
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const pending = create.isPending || update.isPending;
  const form = useForm<StudentFormValues, unknown, StudentInput>({
    resolver: zodResolver(studentInputSchema),
    defaultValues: formValues(student, userSchool),
    shouldFocusError: false,
  });
  const { setFocus, setError, setValue, getValues } = form;
  useEmergencyMirror(form);

  // A school user sees only their school; once it has loaded, it is the only sensible choice.
  const onlySchool = schools.data?.length === 1 ? schools.data[0]?._id : undefined;
  useEffect(() => {
    if (onlySchool && !getValues('school_id')) setValue('school_id', onlySchool);
  }, [onlySchool, getValues, setValue]);

  // Inactive tabs are unmounted and Radix mounts the newly chosen one a render later, so focus
  // waits a frame for the field that holds the error to exist.
  useEffect(() => {
    if (!focusPath) return;
    const frame = requestAnimationFrame(() => {
      setFocus(focusPath as Path<StudentFormValues>);
      setFocusPath(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusPath, setFocus]);

  function showFirstError(errors: FieldErrors<StudentFormValues>) {
    const first = firstError(errors);
    if (!first) return;
    setTab(first.tab);
    setFocusPath(first.path);
  }

  const onSubmit = form.handleSubmit((input) => {
    const onError = (error: unknown) => {
      const fieldErrors = serverErrors(error);
      for (const { path, message } of fieldErrors) setError(path, { type: 'server', message });
      if (fieldErrors.length > 0) showFirstError(form.formState.errors);
    };
    if (student) update.mutate({ id: student._id, input }, { onSuccess: onClose, onError });
    else create.mutate(input, { onSuccess: onClose, onError });
  }, showFirstError);

  const errors = form.formState.errors;

  return (
    <FormDialog
      title={student ? 'Edit Student' : 'Add New Student'}
      submitLabel={student ? 'Update Student' : 'Create Student'}
      busyLabel={student ? 'Updating...' : 'Creating...'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as FormTab)}>
        <TabsList className="overflow-x-auto whitespace-nowrap">
          {FORM_TABS.map((name) => {
            const hasError = TAB_FIELDS[name].some((field) => errors[field]);
            return (
              <TabsTrigger key={name} value={name}>
                {FORM_TAB_LABELS[name]}
                <span
                  aria-hidden="true"
                  className={clsx('size-1.5 rounded-full bg-red-500', hasError ? 'visible' : 'invisible')}
                />
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="personal">
          <PersonalTab form={form} />
        </TabsContent>
        <TabsContent value="academic">
          <AcademicTab form={form} schools={schools.data ?? []} />
        </TabsContent>
        <TabsContent value="guardian">
          <GuardianTab form={form} />
        </TabsContent>
        <TabsContent value="emergency">
          <EmergencyTab form={form} />
        </TabsContent>
      </Tabs>
    </FormDialog>
  );
}
