import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The fee payment page of students and parents; the app router mounts it inside the shell. */
export const studentFeeRoutes: RouteObject[] = [
  { path: '/student/fees', Component: lazy(() => import('./student-fees')) },
];
