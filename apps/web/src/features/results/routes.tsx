import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The term results a school imports from its result software. */
export const resultsRoutes: RouteObject[] = [
  { path: '/results', Component: lazy(() => import('./routes/results-page')) },
];
