/**
 * The load test's generator: one route's requests sent evenly over time, each at its planned
 * moment, over a fixed number of kept-alive connections, the way sixteen bursars at their desks
 * each send a payment when the family in front of them pays. Latency is measured from the planned
 * moment, not from when a connection came free: a server that falls behind shows it as latency
 * (the queue a bursar would stand in), never as requests quietly not sent (coordinated omission).
 *
 * autocannon, which the run used before, sends each connection's requests for a second in a burst
 * at the start of the second, so a p99 it reports is the burst's queue, whatever the server's pace.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface OutgoingRequest {
  method: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * What a route sends: fixed, or built per request (`setupRequest`), with what it makes of the
 * answer; `context` is the request's own, from the one to the other.
 */
export interface RouteRequest extends OutgoingRequest {
  setupRequest?(request: OutgoingRequest, context: Record<string, unknown>): OutgoingRequest;
  onResponse?(status: number, body: string, context: Record<string, unknown>): void;
}

export interface PacedResult {
  /** Requests sent, and answered with a 2xx. */
  sent: number;
  succeeded: number;
  /** Answered outside 2xx, or not answered (socket error, timeout). */
  failed: number;
  /** From the first planned moment to the last answer. */
  seconds: number;
  /** Of every answered request, from its planned moment, in milliseconds. */
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

/**
 * `rate` requests a second for `seconds` to `base`, over at most `connections` connections at a
 * time (a request due while all are busy waits for one, its wait counted). `startAfterMs` offsets
 * the first request so that routes run together do not all fire on the same millisecond.
 */
export async function paced(options: {
  base: string;
  request: RouteRequest;
  rate: number;
  connections: number;
  seconds: number;
  startAfterMs?: number;
  /** A request must be answered within this, the server's own limit. */
  timeoutMs: number;
  onFailure: (what: string) => void;
}): Promise<PacedResult> {
  const { base, rate, seconds, onFailure } = options;
  const { request } = options;
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = rate * seconds;
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  let answered = 0;
  let succeeded = 0;
  let failed = 0;
  let lastAnswer = 0;
  const inFlight = new Set<Promise<void>>();

  const send = (due: number) => {
    const context: Record<string, unknown> = {};
    const outgoing = request.setupRequest
      ? request.setupRequest(
          { method: request.method, path: request.path, headers: request.headers, body: request.body },
          context,
        )
      : request;
    const done = new Promise<void>((resolve) => {
      let settled = false;
      const finish = (status: number | undefined, body: string, failure?: string) => {
        // A socket may fail after its answer was read: the request is counted once.
        if (settled) return;
        settled = true;
        const now = performance.now();
        lastAnswer = Math.max(lastAnswer, now);
        if (status === undefined) {
          failed++;
          onFailure(failure ?? 'no answer');
        } else {
          latencies[answered++] = now - due;
          if (status >= 200 && status < 300) succeeded++;
          else {
            failed++;
            onFailure(`${status} ${body.slice(0, 200)}`);
          }
          request.onResponse?.(status, body, context);
        }
        resolve();
      };
      const body = outgoing.body === undefined ? undefined : Buffer.from(outgoing.body);
      const call = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: outgoing.method,
          path: outgoing.path ?? '/',
          headers: { ...outgoing.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          timeout: options.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => finish(response.statusCode, Buffer.concat(chunks).toString('utf8')));
          response.on('error', (error) => finish(undefined, '', error.message));
        },
      );
      call.on('timeout', () => call.destroy(new Error('timed out')));
      call.on('error', (error) => finish(undefined, '', error.message));
      call.end(body);
    });
    inFlight.add(done);
    done.then(() => inFlight.delete(done));
  };

  const start = performance.now() + (options.startAfterMs ?? 0);
  let next = 0;
  while (next < total) {
    const wait = start + next * interval - performance.now();
    if (wait > 0) await sleep(wait);
    // Everything due by now goes out now, each timed from its own planned moment.
    const now = performance.now();
    while (next < total && start + next * interval <= now) send(start + next++ * interval);
  }
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  agent.destroy();
  const sorted = latencies.subarray(0, answered).sort();
  return {
    sent: total,
    succeeded,
    failed,
    seconds: Math.max(seconds, (lastAnswer - start) / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: percentile(sorted, 1),
  };
}
