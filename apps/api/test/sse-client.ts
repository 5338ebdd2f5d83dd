/** One event of a text/event-stream, as a browser's EventSource would see it. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
  receivedAt: number;
}

export interface OpenStream {
  status: number;
  /** Non-stream answers (a 401) carry their JSON body here. */
  body: unknown;
  events: StreamEvent[];
  /**
   * Resolves with the events once `count` have arrived, or rejects after `timeoutMs`: a limit on
   * waiting for what never comes, far above any delivery time, since a busy machine can take
   * seconds for what a quiet one does at once.
   */
  waitFor(count: number, timeoutMs?: number): Promise<StreamEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens an event stream over real HTTP and parses it by the rules of the HTML standard
 * (fields `id`, `event`, `data`; comment lines ignored; a blank line ends an event).
 */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = await response.json();
    return {
      status: response.status,
      body,
      events,
      waitFor: () => Promise.reject(new Error(`not a stream: ${response.status}`)),
      ended: Promise.resolve(),
      close: () => {},
    };
  }

  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    let current: { id?: string; event?: string; data?: string[] } = {};
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
          if (line === '') {
            if (current.data) {
              events.push({
                id: current.id,
                event: current.event ?? 'message',
                data: current.data.join('\n'),
                receivedAt: performance.now(),
              });
              for (const wake of waiters) wake();
            }
            current = {};
            continue;
          }
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') current.data = [...(current.data ?? []), text];
          else if (field === 'id') current.id = text;
          else if (field === 'event') current.event = text;
        }
      }
    } catch {
      // Closed by the test.
    }
  })();

  return {
    status: response.status,
    body: null,
    events,
    ended,
    waitFor(count, timeoutMs = 10_000) {
      if (events.length >= count) return Promise.resolve(events);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${events.length} of ${count} events after ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (events.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(events);
        };
        waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}
