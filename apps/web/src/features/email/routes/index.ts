import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The school group's SMTP server, email templates and statistics (SPEC §2 Email Configuration). */
export const emailRoutes: RouteObject[] = [
  { path: '/admin/email-config', Component: lazy(() => import('./email-config')) },
];
