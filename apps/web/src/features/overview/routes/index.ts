import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SPEC §2 admin overviews, each its own chunk: the system page never downloads the charts. */
export const overviewRoutes: RouteObject[] = [
  { path: '/admin/system-overview', Component: lazy(() => import('./system-overview')) },
  { path: '/admin/financial-overview', Component: lazy(() => import('./financial-overview')) },
];
