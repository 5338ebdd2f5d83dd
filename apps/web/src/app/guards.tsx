import { mayOpen } from '@schoolledger/domain';
import { Suspense, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router';
import { useAuthStore } from '@/lib/auth';
import { LoadingScreen } from './loading-screen';

export const POST_LOGIN_PATH = '/dashboard';
export const PASSWORD_CHANGE_PATH = '/profile';

/**
 * A page opened by a link opens at its top, as a new document would; Back and Forward leave the
 * browser to put the reader where they were.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page changing is the trigger
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Holds every route until start-up has restored or dropped the stored session. */
export function RootLayout() {
  const isLoading = useAuthStore((state) => state.isLoading);
  if (isLoading) return <LoadingScreen />;
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Sign-in, forgot and reset password make no sense for a signed-in visitor. */
export function GuestOnly() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated ? <Navigate to={POST_LOGIN_PATH} replace /> : <Outlet />;
}

export function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (!isAuthenticated || !user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (user.mustChangePassword && location.pathname !== PASSWORD_CHANGE_PATH) {
    return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
  }
  if (!mayOpen(user.roles, location.pathname)) return <Navigate to={POST_LOGIN_PATH} replace />;
  return children;
}
