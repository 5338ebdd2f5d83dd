import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Public, for anyone holding a printed receipt: no sign-in. */
export const receiptCheckRoutes: RouteObject[] = [
  { path: '/verify', Component: lazy(() => import('./verify-receipt')) },
  { path: '/verify/:code', Component: lazy(() => import('./verify-receipt')) },
];
