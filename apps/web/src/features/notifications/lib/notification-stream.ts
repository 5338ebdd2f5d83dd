import { type AppNotification, notificationSchema, type SchoolChange, schoolChangeSchema } from '@schoolledger/domain';

export interface NotificationStreamHandlers {
  getTicket(): Promise<string>;
  onNotification(notification: AppNotification): void;
  /** Something happened at one of the reader's schools, addressed to someone else (staff only). */
  onChange(change: SchoolChange): void;
  /** The stream is open again after a break: what it replayed is in; counts may need refreshing. */
  onReconnected(): void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps one event stream open for the signed-in person. A short break is bridged by the browser
 * itself (it resends Last-Event-ID); when the stream is closed for good (the ticket expired, the
 * server restarted) it reopens with a fresh ticket and the last id it saw, so nothing is missed.
 */
export function openNotificationStream(handlers: NotificationStreamHandlers): () => void {
  let source: EventSource | null = null;
  let lastSeq: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let opened = false;
  let stopped = false;

  const retry = () => {
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures);
    failures++;
    retryTimer = setTimeout(() => void open(), delay);
  };

  async function open() {
    let ticket: string;
    try {
      ticket = await handlers.getTicket();
    } catch {
      if (!stopped) retry();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket });
    if (lastSeq !== null) query.set('last_event_id', String(lastSeq));
    source = new EventSource(`/api/v1/notification/stream?${query}`);
    source.addEventListener('open', () => {
      failures = 0;
      if (opened) handlers.onReconnected();
      opened = true;
    });
    source.addEventListener('notification', (event) => {
      const parsed = notificationSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      lastSeq = Math.max(lastSeq ?? 0, parsed.data.seq);
      handlers.onNotification(parsed.data);
    });
    source.addEventListener('change', (event) => {
      const parsed = schoolChangeSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) handlers.onChange(parsed.data);
    });
    source.addEventListener('error', () => {
      if (source?.readyState !== EventSource.CLOSED || stopped) return;
      source = null;
      retry();
    });
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}
