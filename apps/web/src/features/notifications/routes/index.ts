import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SPEC §2 Notifications: the full list, filters and each person's preferences. */
export const notificationRoutes: RouteObject[] = [
  { path: '/notifications', Component: lazy(() => import('./notifications')) },
];
