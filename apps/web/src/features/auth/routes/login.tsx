import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, MSG } from '@schoolledger/domain';
import { useForm } from 'react-hook-form';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { Button, Checkbox, FormField, Input, PasswordInput } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { AuthLayout } from '../components/auth-layout';

export default function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values);
      const target = from && from.pathname !== '/login' ? `${from.pathname}${from.search}${from.hash}` : '/dashboard';
      navigate(target, { replace: true });
    } catch (error) {
      // API errors were already toasted with the server's reason; anything else is a bad reply.
      if (!(error instanceof ApiError)) notify.error(MSG.loginFailed);
    }
  });

  return (
    <AuthLayout title="Sign in to SchoolLedger" subtitle="Welcome back! Please sign in to your account.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormField label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Remember me" {...register('rememberMe')} />
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-emerald-700 hover:text-emerald-800 hover:underline dark:text-emerald-400"
          >
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        How your school looks after your information:{' '}
        <Link
          to="/privacy"
          className="font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800 dark:text-emerald-400"
        >
          Privacy notice
        </Link>
      </p>
    </AuthLayout>
  );
}
