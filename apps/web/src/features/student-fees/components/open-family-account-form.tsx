import { openMyVirtualAccountInputSchema } from '@schoolledger/domain';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { useOpenMyVirtualAccount } from '../api/open-my-virtual-account';

interface FormValues {
  bvn: string;
  consent: boolean;
}

/**
 * Opens the family's own account at a school that gives them through Flutterwave, which opens one
 * only with the BVN of the person it is for. The BVN is sent on once; the wording says so before
 * the payer agrees.
 */
export function OpenFamilyAccountForm({ schoolId, schoolName }: { schoolId: string; schoolName: string }) {
  const consentId = useId();
  const open = useOpenMyVirtualAccount();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { bvn: '', consent: false } });

  const submit = handleSubmit(async (values) => {
    // The one contract the server checks too: 11 digits, and the payer's agreement.
    const parsed = openMyVirtualAccountInputSchema.safeParse({ school_id: schoolId, ...values });
    if (!parsed.success) {
      // The first reason of each field is the one to read ("Enter your BVN" before its length).
      const told = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field !== 'bvn' && field !== 'consent') || told.has(field)) continue;
        told.add(field);
        setError(field, { message: issue.message });
      }
      return;
    }
    try {
      await open.mutateAsync(parsed.data);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['bvn', 'consent']))
        setError('bvn', { message: errorMessage(error, 'The account could not be opened. Please try again.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Open your family's account at ${schoolName}`}>
      <FormField
        label="Your BVN"
        error={errors.bvn?.message}
        hint="11 digits, from *565*0# on the phone your bank knows"
      >
        <Input inputMode="numeric" autoComplete="off" maxLength={11} className="max-w-xs" {...register('bvn')} />
      </FormField>
      <div className="space-y-1">
        <div className="flex items-start gap-2">
          <input
            id={consentId}
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-emerald-600"
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? `${consentId}-error` : undefined}
            {...register('consent')}
          />
          <label htmlFor={consentId} className="text-sm text-slate-700 dark:text-slate-300">
            I agree that my BVN is sent to Flutterwave, {schoolName}&apos;s payment provider, to open this account in my
            name. SchoolLedger does not keep it.
          </label>
        </div>
        {errors.consent && (
          <p id={`${consentId}-error`} className="text-xs text-red-600 dark:text-red-400">
            {errors.consent.message}
          </p>
        )}
      </div>
      <Button type="submit" loading={open.isPending}>
        <ShieldCheck className="size-4" aria-hidden="true" />
        Open my family&apos;s account
      </Button>
    </form>
  );
}
