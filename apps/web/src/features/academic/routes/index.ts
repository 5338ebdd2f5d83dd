import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Signed-in academic pages; the app router mounts them inside the shell. */
export const academicRoutes: RouteObject[] = [
  { path: '/schools', Component: lazy(() => import('./schools')) },
  { path: '/sessions', Component: lazy(() => import('./sessions')) },
  { path: '/terms', Component: lazy(() => import('./terms')) },
  { path: '/class-arms', Component: lazy(() => import('./class-arms')) },
];
