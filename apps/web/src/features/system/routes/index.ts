import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SPEC §7 ict-admin: system status, system logs and backups. */
export const systemRoutes: RouteObject[] = [{ path: '/system', Component: lazy(() => import('./system')) }];
