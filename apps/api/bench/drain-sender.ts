/**
 * The phone messages' sender alone in a process of its own, for `npm run bench`'s drain row
 * (run.ts, "queued messages drained … across a kill -9"): the bench starts it, SIGKILLs it part way
 * and starts another, while the Termii fake and the app that receives its reports stay in the
 * bench's process. It opens the bench's database (DATABASE_URL), builds a context with
 * createContext and runs the sender as the job runner does (`messages.deliver`, runner.ts: a pass
 * every 2 s, a pass that runs longer followed at once by the next), with the claim and the wait
 * for a report after an interruption shortened (BENCH_CLAIM_MS, BENCH_RECHECK_MS) so that the row
 * ends in minutes. Everything else comes from the environment as the server reads it (TERMII_*).
 * Each pass's counts go to the parent over IPC.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { createContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createMessageSender } from '../src/modules/messaging/sender.js';
import { termiiAdapter } from '../src/modules/messaging/termii.adapter.js';

/** runner.ts MESSAGE_PASS_SECONDS. */
const PASS_MS = 2000;
const claimMs = Number(process.env.BENCH_CLAIM_MS ?? 3000);
const recheckMs = Number(process.env.BENCH_RECHECK_MS ?? 8000);

const config = loadConfig(process.env);
if (!config.databaseUrl)
  throw new Error('drain-sender needs DATABASE_URL: a second process cannot open the embedded database');
const log = pino({ level: 'warn' }, pino.destination(2));
const database = await openDatabase({ url: config.databaseUrl });
const ctx = createContext({ config, db: database.db, log });
const sender = createMessageSender({
  db: ctx.db,
  config: ctx.config,
  adapters: [termiiAdapter(ctx.config.termii)],
  clock: ctx.clock,
  log,
  claimMs,
  recheckMs,
});
process.send?.({ type: 'ready', pid: process.pid });

for (;;) {
  const started = Date.now();
  const pass = await sender.deliverDue();
  process.send?.({ type: 'pass', pass, ms: Date.now() - started });
  const wait = PASS_MS - (Date.now() - started);
  if (wait > 0) await sleep(wait);
}
