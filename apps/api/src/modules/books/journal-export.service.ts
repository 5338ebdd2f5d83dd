import { Readable } from 'node:stream';
import { type journalExportQuerySchema, LAGOS, type LedgerExportPackage, todayIn } from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { ReadDb } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { accountsOf, type EntryCursor, journalBatch, mappingsOf, schoolRef } from './books.queries.js';
import { periodOf } from './books.service.js';
import { type ExportAccount, type ExportEntry, JOURNAL_LAYOUTS, type JournalLayout } from './journal-layouts.js';

/*
 * A school's whole journal for a period, laid out for an accounting package's import or as a
 * ledger/hledger journal. A year of a large school is millions of lines, so the file is streamed:
 * the entries are read in batches by key (day, then entry) and each batch is written before the
 * next is read, and only as fast as the client takes them, so memory stays flat however long
 * the period.
 */

/** Entries read at a time: big enough that the round trips cost little, small enough to hold. */
const ENTRIES_PER_BATCH = 2000;

export interface JournalFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** The school's chart, each account with its names in the packages, by id. */
async function exportAccounts(db: ReadDb, schoolId: string): Promise<Map<string, ExportAccount>> {
  const accounts = await accountsOf(db, schoolId);
  const mappings = await mappingsOf(
    db,
    accounts.map((account) => account.id),
  );
  const named = new Map<string, Partial<Record<LedgerExportPackage, string>>>();
  for (const mapping of mappings) {
    named.set(mapping.accountId, { ...named.get(mapping.accountId), [mapping.package]: mapping.externalAccount });
  }
  return new Map(
    accounts.map((account) => [
      account.id,
      { code: account.code, name: account.name, type: account.type, mappings: named.get(account.id) ?? {} },
    ]),
  );
}

/** The batch's lines grouped back into their entries, in order. */
function entriesOf(
  rows: Awaited<ReturnType<typeof journalBatch>>,
  accounts: ReadonlyMap<string, ExportAccount>,
): ExportEntry[] {
  const entries: ExportEntry[] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (entry?.id !== row.entryId) {
      entry = { id: row.entryId, date: row.date, memo: row.memo, lines: [] };
      entries.push(entry);
    }
    // Every line's account is the school's own (the posting functions look them up by school).
    entry.lines.push({ account: accounts.get(row.accountId)!, amountKobo: row.amountKobo });
  }
  return entries;
}

async function* journalText(
  db: ReadDb,
  job: {
    schoolId: string;
    from: string;
    to: string;
    layout: JournalLayout;
    accounts: ReadonlyMap<string, ExportAccount>;
    about: string;
  },
): AsyncGenerator<string> {
  yield job.layout.head([...job.accounts.values()], job.about);
  let after: EntryCursor | null = null;
  for (;;) {
    const rows = await journalBatch(db, {
      schoolId: job.schoolId,
      from: job.from,
      to: job.to,
      after,
      limit: ENTRIES_PER_BATCH,
    });
    if (rows.length === 0) return;
    const entries = entriesOf(rows, job.accounts);
    yield job.layout.entries(entries);
    const last = entries.at(-1)!;
    after = { date: last.date, entryId: last.id };
  }
}

export async function exportJournal({
  ctx,
  auth,
  actor,
  query,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  query: z.output<typeof journalExportQuerySchema>;
}): Promise<JournalFile> {
  const { from, to } = periodOf(ctx, query);
  await assertSchoolExistsInScope(ctx.db, auth.scope, query.school_id);
  const [school, accounts] = await Promise.all([
    schoolRef(ctx.readDb, query.school_id),
    exportAccounts(ctx.readDb, query.school_id),
  ]);
  const layout = JOURNAL_LAYOUTS[query.format];
  // Recorded as it starts: a file that stops half-way has still left the building in part.
  await recordAudit(ctx.db, actor, {
    action: 'export',
    entity: 'books',
    entityId: null,
    schoolId: query.school_id,
    after: { report: 'journal', format: query.format, from, to },
  });
  const about = `Journal of ${school?.name ?? ''}, ${from} to ${to}`;
  const stem = `journal-${query.format}-${from}-to-${to}`;
  return {
    fileName: `${stem}-${todayIn(LAGOS, ctx.clock())}.${layout.extension}`,
    contentType: layout.contentType,
    body: Readable.from(journalText(ctx.readDb, { schoolId: query.school_id, from, to, layout, accounts, about }), {
      objectMode: false,
    }),
  };
}
