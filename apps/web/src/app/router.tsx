import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { academicRoutes } from '@/features/academic/routes';
import { adjustmentRoutes } from '@/features/adjustments/routes';
import { auditRoutes } from '@/features/audit/routes';
import { bankStatementRoutes } from '@/features/bank-statements/routes';
import { booksRoutes } from '@/features/books/routes';
import { cashDeskRoutes } from '@/features/cash-desk/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { emailRoutes } from '@/features/email/routes';
import { expenseRoutes } from '@/features/expenses/routes';
import { feeRoutes } from '@/features/fees/routes';
import { forecastRoutes } from '@/features/forecast/routes';
import { messagingRoutes } from '@/features/messaging/routes';
import { notificationRoutes } from '@/features/notifications/routes';
import { overviewRoutes } from '@/features/overview/routes';
import { paymentConfigRoutes } from '@/features/payment-config/routes';
import { privacyRoutes } from '@/features/privacy/routes';
import { receiptCheckRoutes } from '@/features/receipt-check/routes';
import { reportRoutes } from '@/features/reports/routes';
import { resultsRoutes } from '@/features/results/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { studentFeeRoutes } from '@/features/student-fees/routes';
import { studentRoutes } from '@/features/students/routes';
import { systemRoutes } from '@/features/system/routes';
import { tillRoutes } from '@/features/tills/routes';
import { userRoutes } from '@/features/users/routes';
import { virtualAccountRoutes } from '@/features/virtual-accounts/routes';
import { GuestOnly, RequireAuth, RootLayout } from './guards';

const AppShell = lazy(() => import('./shell/app-shell'));
const Landing = lazy(() => import('@/features/landing/routes/landing'));
const Login = lazy(() => import('@/features/auth/routes/login'));
const ForgotPassword = lazy(() => import('@/features/auth/routes/forgot-password'));
const ResetPassword = lazy(() => import('@/features/auth/routes/reset-password'));
const Profile = lazy(() => import('@/features/profile/routes/profile'));
const NotFound = lazy(() => import('./not-found'));

/**
 * Pages inside the shell. Features export their own RouteObject lists (lazy `Component`s); role
 * checks need no entry here because RequireAuth reads ROUTE_ROLES from the domain package.
 */
const signedInRoutes: RouteObject[] = [
  ...dashboardRoutes,
  { path: '/profile', Component: Profile },
  ...academicRoutes,
  ...userRoutes,
  ...feeRoutes,
  ...adjustmentRoutes,
  ...expenseRoutes,
  ...booksRoutes,
  ...studentFeeRoutes,
  ...cashDeskRoutes,
  ...tillRoutes,
  ...bankStatementRoutes,
  ...virtualAccountRoutes,
  ...studentRoutes,
  ...resultsRoutes,
  ...emailRoutes,
  ...messagingRoutes,
  ...paymentConfigRoutes,
  ...overviewRoutes,
  ...reportRoutes,
  ...forecastRoutes,
  ...settingsRoutes,
  ...auditRoutes,
  ...notificationRoutes,
  ...systemRoutes,
];

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/', Component: Landing },
      { path: '/home', Component: Landing },
      ...receiptCheckRoutes,
      ...privacyRoutes,
      {
        Component: GuestOnly,
        children: [
          { path: '/login', Component: Login },
          { path: '/forgot-password', Component: ForgotPassword },
          { path: '/reset-password', Component: ResetPassword },
        ],
      },
      {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: signedInRoutes,
      },
      { path: '*', Component: NotFound },
    ],
  },
];

/** Every page of the app, matched against the browser's location. */
export function AppRoutes() {
  return useRoutes(routes);
}
