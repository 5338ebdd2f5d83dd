import Fastify from 'fastify';

/** A Fastify instance that also reads the HTML form posts of the hosted checkout pages. */
export function fakeServer() {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  return app;
}

/** Listens on loopback (any free port unless one is given) and answers the base URL. */
export async function listen(
  app: ReturnType<typeof fakeServer>,
  options: { host?: string; port?: number },
  name: string,
): Promise<string> {
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error(`fake ${name} did not bind a port`);
  return `http://${host}:${address.port}`;
}

/** Webhook deliveries still on the wire, so a test (and close) can wait for them. */
export function inFlight() {
  const pending = new Set<Promise<unknown>>();
  return {
    track<T>(promise: Promise<T>) {
      pending.add(promise);
      void promise.finally(() => pending.delete(promise));
      return promise;
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How one webhook delivery went: the last answer's status (null when none came), the attempts, the error if it failed. */
export interface RetriedPost {
  httpStatus: number | null;
  attempts: number;
  error?: string;
}

/**
 * POSTs `body` to `url` as the providers deliver their webhooks: a refusal or silence is tried
 * again after each of `retryDelaysMs`, each attempt given 10 s, redirects not followed.
 */
export async function postWithRetries({
  url,
  headers,
  body,
  retryDelaysMs,
  missing = 'no webhook url',
}: {
  url: string | undefined;
  headers: Record<string, string>;
  body: string;
  retryDelaysMs: readonly number[];
  /** What the outcome says when there is nowhere to post. */
  missing?: string;
}): Promise<RetriedPost> {
  const outcome: RetriedPost = { httpStatus: null, attempts: 0 };
  for (let attempt = 0; ; attempt++) {
    if (!url) return { ...outcome, error: missing };
    outcome.attempts = attempt + 1;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      outcome.httpStatus = response.status;
      if (response.ok) return { httpStatus: response.status, attempts: outcome.attempts };
      outcome.error = `answered ${response.status}`;
    } catch (error) {
      outcome.httpStatus = null;
      outcome.error = String(error);
    }
    const wait = retryDelaysMs[attempt];
    if (wait === undefined) return outcome;
    await sleep(wait);
  }
}
