import { Writable } from 'node:stream';
import type { DbOrTx } from '../../db/client.js';
import { type SafeLogEntry, safeLogEntry } from './log-redaction.js';
import { insertSystemLogs } from './system.queries.js';

/** Entries written in one statement, and how long one waits for others before it is written. */
const BATCH = 50;
const FLUSH_MS = 1000;
/** Entries held while the database is slow or down; beyond it the newest are dropped. */
const MAX_PENDING = 500;

export interface SystemLogSink {
  /** A pino destination: give it `level: 'warn'` in a multistream. */
  stream: Writable;
  /** Starts writing to the database; entries logged before are kept until then (within the bound). */
  attach(db: DbOrTx): void;
  /** Writes what is pending; for shutdown and tests. */
  flush(): Promise<void>;
}

/**
 * Copies warnings and errors into `system_logs` for the ICT administrator, masked by
 * `safeLogEntry`. Writing is asynchronous and batched: a request never waits for it, and a failed
 * write (the database down) drops its batch rather than retrying into a log that is about the
 * database being down.
 */
export function createSystemLogSink(): SystemLogSink {
  let db: DbOrTx | null = null;
  const pending: SafeLogEntry[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const write = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!db || pending.length === 0) return writing;
    const target = db;
    const batches: SafeLogEntry[][] = [];
    while (pending.length > 0) batches.push(pending.splice(0, BATCH));
    writing = writing.then(async () => {
      for (const batch of batches) await insertSystemLogs(target, batch).catch(() => {});
    });
    return writing;
  };

  const schedule = () => {
    if (pending.length >= BATCH) void write();
    else if (!timer && db) {
      timer = setTimeout(() => void write(), FLUSH_MS);
      timer.unref();
    }
  };

  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        try {
          const entry = safeLogEntry(JSON.parse(line) as Record<string, unknown>);
          if (entry && pending.length < MAX_PENDING) pending.push(entry);
        } catch {
          // Not a JSON line (pino always writes one): nothing to keep.
        }
      }
      schedule();
      callback();
    },
  });

  return {
    stream,
    attach(next) {
      db = next;
      schedule();
    },
    flush: write,
  };
}
