import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { buttonClasses } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';
import { POST_LOGIN_PATH } from './guards';

/**
 * An address that matches no page (a mistyped or old link): said as such, with the way home,
 * rather than a silent jump elsewhere that leaves the reader wondering where their page went.
 */
export default function NotFoundPage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();
  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8 dark:bg-slate-950">
      <main className="mx-auto w-full max-w-lg space-y-6">
        <Link to="/" className="mx-auto flex w-fit items-center gap-3 rounded-lg">
          <BrandMark className="size-9" />
          <span className="text-lg font-semibold text-slate-900 dark:text-white">SchoolLedger</span>
        </Link>
        <div className="rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">404</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Page not found</h1>
          <p className="mt-3 text-sm break-words text-slate-600 dark:text-slate-300">
            There is no page at <span className="font-medium text-slate-900 dark:text-white">{pathname}</span>. The link
            may be mistyped or out of date.
          </p>
          <Link
            to={isAuthenticated ? POST_LOGIN_PATH : '/'}
            className={`${buttonClasses('primary')} mt-6 w-full sm:w-auto`}
          >
            {isAuthenticated ? 'Go to your dashboard' : 'Go to the home page'}
          </Link>
        </div>
      </main>
    </div>
  );
}
