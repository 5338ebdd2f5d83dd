import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SPEC §2 Settings: general, notifications, security, appearance and backup. */
export const settingsRoutes: RouteObject[] = [{ path: '/settings', Component: lazy(() => import('./settings')) }];
