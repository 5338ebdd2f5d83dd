import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Signed-in student pages; the app router mounts them inside the shell. */
export const studentRoutes: RouteObject[] = [
  { path: '/admin/students', Component: lazy(() => import('./student-management')) },
];
