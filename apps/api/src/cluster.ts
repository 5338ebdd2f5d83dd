import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** What the primary sends a worker to stop it; workers leave the group's signals to the primary. */
export const STOP_MESSAGE = 'schoolledger:stop';

/**
 * Runs `count` API processes as node:cluster workers sharing the primary's port. A worker that
 * dies after it served is replaced; one that dies before it ever listened is a start-up failure
 * (the port taken, the database unreachable) that a replacement would only repeat, so
 * `onFailedStart` is called instead.
 */
export function startWorkers(options: {
  count: number;
  /** Settings the primary decided for the workers (the demo's local providers), on top of its own environment. */
  env: Record<string, string>;
  log: FastifyBaseLogger;
  onAllListening: () => void;
  onFailedStart: () => void;
}) {
  const { log } = options;
  const listened = new WeakSet<Worker>();
  let listening = 0;
  let stopping = false;
  const fork = () => cluster.fork(options.env);

  cluster.on('listening', (worker) => {
    if (listened.has(worker)) return;
    listened.add(worker);
    listening += 1;
    if (listening === options.count) options.onAllListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const workerPid = worker.process.pid;
    if (!listened.has(worker)) {
      log.error({ workerPid, code, signal }, 'an API process stopped before it could serve');
      options.onFailedStart();
      return;
    }
    log.warn({ workerPid, code, signal }, 'an API process stopped; starting another');
    fork();
  });
  for (let i = 0; i < options.count; i++) fork();

  return {
    /** Asks every worker to finish its requests and close, and waits until they have. */
    async stop() {
      stopping = true;
      const alive = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      await Promise.all(
        alive.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              if (worker.isDead()) resolve();
              else if (worker.isConnected()) worker.send(STOP_MESSAGE);
              // Cut off from the primary, it serves nothing any more and cannot be asked.
              else worker.process.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
