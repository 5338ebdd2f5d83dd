import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, resetPasswordFormSchema } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ErrorBanner, FormField, PasswordInput } from '@/components/ui';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';

const linkClasses = 'text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline dark:text-emerald-400';

export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  const navigate = useNavigate();
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  if (!token) {
    return (
      <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
        <ErrorBanner>{MSG.resetTokenInvalid}</ErrorBanner>
        <p className="mt-6 text-center">
          <Link to="/forgot-password" className={linkClasses}>
            Request a new link
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify.success(MSG.passwordReset);
          navigate('/login', { replace: true });
        },
      },
    ),
  );

  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {mutation.isError && <ErrorBanner>{errorMessage(mutation.error, MSG.resetFailed)}</ErrorBanner>}
        <FormField label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" autoFocus {...register('password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full" loading={mutation.isPending}>
          {mutation.isPending ? 'Resetting...' : 'Reset password'}
        </Button>
        <p className="text-center">
          <Link to="/login" className={linkClasses}>
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
