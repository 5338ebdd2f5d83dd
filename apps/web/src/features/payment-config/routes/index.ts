import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Per-school payment configuration (SPEC §2 Payment Configuration). */
export const paymentConfigRoutes: RouteObject[] = [
  { path: '/admin/payment-config', Component: lazy(() => import('./payment-config')) },
];
