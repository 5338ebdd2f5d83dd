import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The bursary's virtual accounts: the school's switch, opening and closing accounts, and the money that arrived. */
export const virtualAccountRoutes: RouteObject[] = [
  { path: '/bursar/virtual-accounts', Component: lazy(() => import('./virtual-accounts')) },
];
