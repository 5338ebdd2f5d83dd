import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SPEC §2 Audit Trail: the trail, money and security events, people's activity and the chain's integrity. */
export const auditRoutes: RouteObject[] = [{ path: '/audit', Component: lazy(() => import('./audit')) }];
