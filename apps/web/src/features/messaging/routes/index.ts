import { lazy } from 'react';
import type { RouteObject } from 'react-router';

/** SMS and WhatsApp: the messages sent to families, and what a school sends on which channel. */
export const messagingRoutes: RouteObject[] = [{ path: '/messaging', Component: lazy(() => import('./messaging')) }];
