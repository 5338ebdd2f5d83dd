import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Fee administration; the app router mounts it inside the shell. */
export const feeRoutes: RouteObject[] = [{ path: '/fees', Component: lazy(() => import('./fees')) }];
