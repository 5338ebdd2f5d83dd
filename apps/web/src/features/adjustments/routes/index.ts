import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Discounts, scholarships, waivers, their rules and late fees; the app router mounts it inside the shell. */
export const adjustmentRoutes: RouteObject[] = [
  { path: '/adjustments', Component: lazy(() => import('./adjustments')) },
];
