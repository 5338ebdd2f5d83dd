import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** The books of account; the app router mounts it inside the shell, under its page error boundary. */
export const booksRoutes: RouteObject[] = [{ path: '/books', Component: lazy(() => import('./books')) }];
