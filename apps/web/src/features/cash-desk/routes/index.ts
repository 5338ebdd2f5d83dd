import { lazy } from 'react';
import type { RouteObject } from 'react-router';

export const CASH_DESK_PATH = '/bursar/cash-payments';

/** The bursary cash desk (SPEC Cash Payment Processing). */
export const cashDeskRoutes: RouteObject[] = [{ path: CASH_DESK_PATH, Component: lazy(() => import('./cash-desk')) }];

/** Loaded apart from the page: only people who take cash need the queue's code on other pages. */
export const KeptCashSender = lazy(() =>
  import('../components/kept-cash-sender').then((module) => ({ default: module.KeptCashSender })),
);
