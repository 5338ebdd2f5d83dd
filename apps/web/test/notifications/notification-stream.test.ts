import type { AppNotification } from '@schoolledger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotificationStream } from '@/features/notifications/lib/notification-stream';

/** Stands in for the browser's EventSource: the test opens, feeds and breaks each connection. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, ((event: unknown) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.emit('open');
  }
  send(notification: AppNotification) {
    this.emit('notification', { data: JSON.stringify({ ...notification, metadata: { amount: 2500.5 } }) });
  }
  /** The server refused or went away: the browser gives up on this connection. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
}

const notice = (seq: number): AppNotification => ({
  _id: `n${seq}`,
  seq,
  kind: 'payment_succeeded',
  type: 'success',
  title: 'Payment received',
  message: 'Ada paid',
  read: false,
  timestamp: '2026-11-24T08:00:00.000Z',
  actionUrl: '/student/fees',
  metadata: {},
});

const query = (source: FakeEventSource | undefined) => new URL(source?.url ?? '', 'http://app').searchParams;

describe('the notification stream', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reopens with a fresh ticket and the last id it saw, so nothing sent meanwhile is missed', async () => {
    let tickets = 0;
    const received: AppNotification[] = [];
    const reconnected = vi.fn();
    const close = openNotificationStream({
      getTicket: async () => `ticket-${++tickets}`,
      onNotification: (notification) => received.push(notification),
      onChange: () => undefined,
      onReconnected: reconnected,
    });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0]!;
    expect(query(first).get('ticket')).toBe('ticket-1');
    expect(query(first).has('last_event_id')).toBe(false);
    first.open();
    first.send(notice(41));
    first.send(notice(42));
    expect(received.map((each) => each.seq)).toEqual([41, 42]);
    expect(received[0]?.metadata.amount).toBe(250050n);

    first.fail();
    await vi.advanceTimersByTimeAsync(1000);
    const second = FakeEventSource.opened[1];
    expect(query(second).get('ticket')).toBe('ticket-2');
    expect(query(second).get('last_event_id')).toBe('42');
    second?.open();
    expect(reconnected).toHaveBeenCalledTimes(1);

    close();
    expect(second?.readyState).toBe(FakeEventSource.CLOSED);
    second?.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('waits longer after each failure to get a ticket, and never past half a minute', async () => {
    let calls = 0;
    const close = openNotificationStream({
      getTicket: async () => {
        calls++;
        throw new Error('offline');
      },
      onNotification: () => undefined,
      onChange: () => undefined,
      onReconnected: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(4000 + 8000 + 16_000 + 30_000);
    expect(calls).toBe(7);
    close();
  });
});
