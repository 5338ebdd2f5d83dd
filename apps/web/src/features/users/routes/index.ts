import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Signed-in user administration; the app router mounts it inside the shell. */
export const userRoutes: RouteObject[] = [{ path: '/users', Component: lazy(() => import('./users')) }];
