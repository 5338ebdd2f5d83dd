import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The cash desk's tills. */
export const tillRoutes: RouteObject[] = [{ path: '/bursar/tills', Component: lazy(() => import('./tills')) }];
