import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';

const INTERVAL_MS = 30_000;

/**
 * Sends the emails whose retry is due, every 30 seconds and once at start-up (emails queued
 * before a restart), one pass at a time. Started by the server, not by buildApp, so tests drive
 * `mailer.deliverDue` themselves; a job runner can call it the same way.
 */
export function startEmailRetryJob(ctx: AppContext, log: FastifyBaseLogger) {
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return;
    running = ctx.mailer
      .deliverDue()
      .then((result) => {
        if (result.sent + result.retrying + result.failed > 0) log.info({ email: result }, 'retried due emails');
      })
      .catch((error) => log.error({ err: error }, 'retrying due emails failed'))
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
