import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The term's collections forecast and the cash flow ahead. */
export const forecastRoutes: RouteObject[] = [{ path: '/forecast', Component: lazy(() => import('./forecast')) }];
