import { zodResolver } from '@hookform/resolvers/zod';
import { type GroupSchool, groupSchoolInputSchema, MAX_IMAGE_BYTES, MSG } from '@schoolledger/domain';
import { clsx } from 'clsx';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, FormField, Input, Textarea } from '@/components/ui';
import { applyFieldErrors } from '@/lib/form';
import { useCreateGroupSchool } from '../api/create-group-school';
import { useUpdateGroupSchool } from '../api/update-group-school';
import { LogoImage } from './logo-image';

const FIELDS = ['name', 'description', 'logo'] as const;

type LogoMode = 'file' | 'url';

const isLink = (value: string | null | undefined): value is string => Boolean(value && /^https?:\/\//.test(value));

export interface GroupSchoolFormDialogProps {
  group?: GroupSchool | undefined;
  onClose(): void;
}

function checkImage(file: File): string | null {
  if (!file.type.startsWith('image/')) return MSG.selectImage;
  if (file.size > MAX_IMAGE_BYTES) return MSG.fileTooLarge;
  return null;
}

/** A local preview of the chosen file, released when it changes or the form closes. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

export function GroupSchoolFormDialog({ group, onClose }: GroupSchoolFormDialogProps) {
  const create = useCreateGroupSchool();
  const update = useUpdateGroupSchool();
  const pending = create.isPending || update.isPending;
  const modeName = useId();
  const [mode, setMode] = useState<LogoMode>(isLink(group?.logo) ? 'url' : 'file');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const filePreview = useObjectUrl(file);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(groupSchoolInputSchema),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      logo: isLink(group?.logo) ? group.logo : '',
    },
  });
  const logoUrl = watch('logo');
  const preview = mode === 'file' ? (filePreview ?? group?.logo) : isLink(logoUrl) ? logoUrl : null;

  function chooseMode(next: LogoMode) {
    setMode(next);
    setFile(null);
    setFileError(null);
    clearErrors('logo');
    // A link typed before switching to upload would otherwise still be validated and sent.
    if (next === 'file') setValue('logo', '');
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkImage(chosen) : null;
    setFileError(problem);
    setFile(problem ? null : chosen);
    if (problem) event.target.value = '';
  }

  const onSubmit = handleSubmit((values) => {
    if (fileError) return;
    const input = mode === 'url' ? { ...values, logo: values.logo || undefined } : { ...values, logo: undefined };
    const payload = { input, logoFile: mode === 'file' ? file : null };
    const callbacks = {
      onSuccess: onClose,
      onError: (error: Error) => {
        applyFieldErrors(error, setError, FIELDS);
      },
    };
    if (group) update.mutate({ id: group._id, ...payload }, callbacks);
    else create.mutate(payload, callbacks);
  });

  const logoError = mode === 'file' ? (fileError ?? errors.logo?.message) : errors.logo?.message;

  return (
    <FormDialog
      title={group ? 'Edit Group School' : 'New Group School'}
      submitLabel={group ? 'Save Changes' : 'Create Group School'}
      busyLabel={group ? 'Saving...' : 'Creating...'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="Group school name" required error={errors.name?.message}>
        <Input autoComplete="organization" {...register('name')} />
      </FormField>
      <FormField label="Description" required error={errors.description?.message}>
        <Textarea {...register('description')} />
      </FormField>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">Logo (optional)</legend>
        <div className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
          {(
            [
              ['file', 'Upload file'],
              ['url', 'Image URL'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={clsx(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600',
                mode === value
                  ? 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-slate-950'
                  : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name={modeName}
                value={value}
                checked={mode === value}
                onChange={() => chooseMode(value)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
        <div className="flex items-start gap-4">
          <LogoImage src={preview} alt="Logo preview" className="size-16" />
          <div className="min-w-0 flex-1">
            {mode === 'file' ? (
              <FormField label="Logo file" error={logoError} hint="An image (PNG, JPG, GIF or WebP), less than 5MB.">
                <input
                  type="file"
                  accept="image/*"
                  onChange={onFile}
                  className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-200"
                />
              </FormField>
            ) : (
              <FormField label="Logo URL" error={logoError}>
                <Input type="url" inputMode="url" placeholder="https://example.com/logo.png" {...register('logo')} />
              </FormField>
            )}
          </div>
        </div>
      </fieldset>
    </FormDialog>
  );
}
