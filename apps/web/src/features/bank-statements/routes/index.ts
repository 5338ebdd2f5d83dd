import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The bursary's bank statements: upload, automatic matching and the review queue. */
export const bankStatementRoutes: RouteObject[] = [
  { path: '/bursar/bank-statements', Component: lazy(() => import('./bank-statements')) },
];
