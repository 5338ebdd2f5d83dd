import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema, MSG } from '@schoolledger/domain';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, ErrorBanner, FormField, Input } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';

const backLink = 'text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline dark:text-emerald-400';

export default function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your email and we will send you a link to reset it.">
      {mutation.isSuccess ? (
        <div role="status" className="space-y-6">
          <div className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>{MSG.resetEmailSent}</p>
          </div>
          <Link to="/login" className={backLink}>
            Back to sign in
          </Link>
        </div>
      ) : (
        <form onSubmit={handleSubmit((values) => mutation.mutate(values))} noValidate className="space-y-5">
          {mutation.isError && <ErrorBanner>{errorMessage(mutation.error, MSG.resetEmailFailed)}</ErrorBanner>}
          <FormField label="Email address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" autoFocus {...register('email')} />
          </FormField>
          <Button type="submit" className="w-full" loading={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
          <p className="text-center">
            <Link to="/login" className={backLink}>
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
