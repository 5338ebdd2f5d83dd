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
