import { NOTIFICATION_KINDS, type SchoolChange } from '@schoolledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotificationStream } from '@/features/notifications/lib/notification-stream';
import { QUERIES_CHANGED_BY, QUERIES_CHANGED_BY_ANY } from '@/features/notifications/lib/refresh-on-notice';

/** The browser's EventSource, reduced to what a change event needs. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, ((event: unknown) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

describe('what a notice or a school change refreshes', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('money arriving refreshes every dashboard, Fee Management (payments and transfer queue) and family fees', () => {
    for (const kind of ['payment_credited', 'payment_succeeded', 'transfer_claimed', 'transfer_confirmed'] as const) {
      expect(QUERIES_CHANGED_BY[kind]).toEqual(
        expect.arrayContaining([['dashboard'], ['overview'], ['fees'], ['studentFees']]),
      );
    }
  });

  it('work waiting for approval refreshes the dashboards and the lists it waits in', () => {
    expect(QUERIES_CHANGED_BY.fee_to_approve).toEqual(expect.arrayContaining([['dashboard'], ['fees']]));
    expect(QUERIES_CHANGED_BY.adjustment_to_approve).toEqual(expect.arrayContaining([['dashboard'], ['adjustments']]));
    expect(QUERIES_CHANGED_BY.expense).toEqual(expect.arrayContaining([['dashboard'], ['expenses']]));
  });

  it('a reopened stream refreshes everything any kind could have changed', () => {
    for (const kind of NOTIFICATION_KINDS) {
      for (const key of QUERIES_CHANGED_BY[kind]) expect(QUERIES_CHANGED_BY_ANY).toContainEqual(key);
    }
  });

  it("a school's change event reaches the page; one of another shape is ignored", async () => {
    const changes: SchoolChange[] = [];
    const close = openNotificationStream({
      getTicket: async () => 'ticket',
      onNotification: () => undefined,
      onChange: (change) => changes.push(change),
      onReconnected: () => undefined,
    });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    source.emit('change', { kind: 'payment_credited' });
    source.emit('change', { kind: 'not_a_kind' });
    expect(changes).toEqual([{ kind: 'payment_credited' }]);
    close();
  });
});
