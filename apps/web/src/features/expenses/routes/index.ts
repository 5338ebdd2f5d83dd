import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** Expense requests, vendors and budgets; the app router mounts it inside the shell. */
export const expenseRoutes: RouteObject[] = [
  { path: '/expenses', Component: lazy(() => import('./expenses')) },
  { path: '/expenses/:id', Component: lazy(() => import('./expense-detail')) },
];
