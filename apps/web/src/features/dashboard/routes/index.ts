import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Each role's dashboard, and a parent's report on one of their children. */
export const dashboardRoutes: RouteObject[] = [
  { path: '/dashboard', Component: lazy(() => import('./dashboard')) },
  { path: '/parent/child/:id', Component: lazy(() => import('./parent-child')) },
];
