import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The bursary cash desk (SPEC Cash Payment Processing). */
export const cashDeskRoutes: RouteObject[] = [
  { path: '/bursar/cash-payments', Component: lazy(() => import('./cash-desk')) },
];
