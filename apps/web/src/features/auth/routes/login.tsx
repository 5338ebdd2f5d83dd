import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, MSG } from '@schoolledger/domain';
import { CloudOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { Button, Checkbox, FormField, Input, PasswordInput } from '@/components/ui';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth';
import { useOnline } from '@/lib/hooks/use-online';
import { notify } from '@/lib/notify';
import { AuthLayout } from '../components/auth-layout';

/**
 * Shown instead of a request that cannot succeed: the app opens with no network (the cash desk works
 * offline), and a bursar whose session ended there must know that the cash taken is not lost.
 */
function OfflineNotice() {
  return (
    <div
      role="status"
      className="mb-5 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">You're offline.</span> Signing in needs the internet; payments recorded at the
        cash desk on this device are kept and sent when you sign in again.
      </p>
    </div>
  );
}

export default function LoginPage() {
  const online = useOnline();
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
      {!online && <OfflineNotice />}
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
        {/* Offline the notice says why; a request now could only fail. */}
        <Button type="submit" className="w-full" loading={isSubmitting} disabled={!online}>
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
