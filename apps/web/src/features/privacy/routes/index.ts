import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Public: anyone may read how their data is handled before signing in. */
export const privacyRoutes: RouteObject[] = [{ path: '/privacy', Component: lazy(() => import('./privacy-notice')) }];
