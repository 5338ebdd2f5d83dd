import { primaryRole, type Role } from '@schoolledger/domain';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { DashboardSkeleton, GreetingBanner } from '@/components/dashboard';
import { ErrorBanner } from '@/components/ui';
import { useAuthStore } from '@/lib/auth';

// Each role's dashboard is its own chunk: a bursar never downloads the proprietor's charts.
const BOARDS: Record<Exclude<Role, 'Accountant'>, LazyExoticComponent<ComponentType>> = {
  Admin: lazy(() => import('../components/admin-dashboard')),
  ICT_administrator: lazy(() => import('../components/ict-dashboard')),
  Proprietor: lazy(() => import('../components/proprietor-dashboard')),
  Principal: lazy(() => import('../components/principal-dashboard')),
  Headteacher: lazy(() => import('../components/headteacher-dashboard')),
  Bursar: lazy(() => import('../components/bursar-dashboard')),
  Auditor: lazy(() => import('../components/auditor-dashboard')),
  Student: lazy(() => import('../components/student-dashboard')),
  Parent: lazy(() => import('../components/parent-dashboard')),
};

/** SPEC §2: one dashboard screen, chosen by the first role in the user's list. */
export default function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const role = primaryRole(user.roles);

  if (!role) {
    return (
      <ErrorBanner title="Dashboard Not Configured">
        Your account has no role with a dashboard. Please contact the school administration.
      </ErrorBanner>
    );
  }

  // The accountant's work is the books, so their dashboard is the Books screen itself.
  if (role === 'Accountant') return <Navigate to="/books" replace />;

  const Board = BOARDS[role];
  return (
    <div className="space-y-6">
      <GreetingBanner firstname={user.firstname} role={role} />
      <Suspense fallback={<DashboardSkeleton />}>
        <Board />
      </Suspense>
    </div>
  );
}
