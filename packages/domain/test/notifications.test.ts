import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  notificationListQuerySchema,
  reminderStage,
  systemNotificationInputSchema,
  unreadBadge,
} from '../src/index.js';

describe('notifications', () => {
  it('shows the unread count on the bell, 99+ above 99, nothing at zero', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-3)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('names the SPEC §9 reminder stage from the days left', () => {
    expect(reminderStage(8)).toBeNull();
    expect(reminderStage(7)).toBe('due_soon');
    expect(reminderStage(4)).toBe('due_soon');
    expect(reminderStage(3)).toBe('urgent');
    expect(reminderStage(0)).toBe('urgent');
    expect(reminderStage(-1)).toBe('overdue');
  });

  it('moves only forward as the due date nears', () => {
    const order = [null, 'due_soon', 'urgent', 'overdue'];
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (days) => {
        expect(order.indexOf(reminderStage(days - 1))).toBeGreaterThanOrEqual(order.indexOf(reminderStage(days)));
      }),
    );
  });

  it('lists 20 a page unless asked, and reads the filters from the address', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({
      page: 1,
      limit: 20,
      unread_only: false,
      payments_only: false,
    });
    expect(notificationListQuerySchema.parse({ unread_only: 'true', limit: '5' })).toMatchObject({
      unread_only: true,
      limit: 5,
    });
    expect(notificationListQuerySchema.safeParse({ limit: '500' }).success).toBe(false);
  });

  it('keeps links inside the app', () => {
    const notice = { title: 'Fees', message: 'Pay', userId: '3f1c7a52-2b1e-4f61-9a53-6a8f2d3c9b10' };
    expect(systemNotificationInputSchema.safeParse({ ...notice, actionUrl: '/student/fees' }).success).toBe(true);
    for (const actionUrl of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '/a b']) {
      expect(systemNotificationInputSchema.safeParse({ ...notice, actionUrl }).success).toBe(false);
    }
  });
});
