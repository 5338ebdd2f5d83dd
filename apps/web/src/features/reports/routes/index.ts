import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SPEC §2 Reports: preview a report, generate it as a file, and have it emailed on a schedule. */
export const reportRoutes: RouteObject[] = [{ path: '/reports', Component: lazy(() => import('./reports')) }];
