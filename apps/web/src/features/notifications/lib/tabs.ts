import type { NotificationListQuery } from '@schoolledger/domain';

/** SPEC §2 panel tabs. */
export const NOTIFICATION_TABS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'payments', label: 'Payments' },
] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number]['value'];

export function queryOfTab(tab: NotificationTab, page = 1): NotificationListQuery {
  return { page, limit: 20, unread_only: tab === 'unread', payments_only: tab === 'payments' };
}
