import type { LedgerDisagreement, LedgerIntegrity } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { schoolsOf } from '../dashboards/proprietor.queries.js';
import { notifyBooksDisagree } from '../notifications/notices.service.js';
import { allSchools, type DisagreementRow, findDisagreements, lastChecks } from './books.queries.js';

/*
 * The books' integrity check: `ledger_disagreements` proves, school by school, that every entry
 * balances and that the journal agrees to the kobo with the payments, adjustments, family credit
 * and payouts it was posted from. It runs daily over every school and whenever someone who reads
 * the books asks. Each school's result is written to its audit trail, where it is kept (chained,
 * so it cannot be quietly rewritten) and read back as "the last check"; a school whose books
 * disagree tells its auditors and ICT administrators.
 */

export const INTEGRITY = {
  loaded: 'Last check of the books loaded',
  agrees: 'The books agree with the records',
  disagrees: 'The books disagree with the records',
} as const;

const CHECKED = 'ledger.check';
const DISAGREES = 'ledger.disagreement';
/** Each school's audit row keeps this many disagreements in full, and counts the rest. */
const KEPT_PER_SCHOOL = 100;

interface StoredDisagreement {
  check: string;
  detail: string;
  journalKobo: string;
  recordsKobo: string;
}
interface StoredCheck {
  total: number;
  disagreements: StoredDisagreement[];
}

const stored = (rows: readonly DisagreementRow[]): StoredCheck => ({
  total: rows.length,
  disagreements: rows.slice(0, KEPT_PER_SCHOOL).map((row) => ({
    check: row.check,
    detail: row.detail,
    journalKobo: row.journalKobo.toString(),
    recordsKobo: row.recordsKobo.toString(),
  })),
});

/** Records one school's result in its trail and, when it disagrees, tells who must know. */
async function recordCheck(
  ctx: AppContext,
  check: { school: { id: string; name: string }; rows: readonly DisagreementRow[]; actor: Actor },
) {
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, check.actor, {
      action: check.rows.length ? DISAGREES : CHECKED,
      entity: 'ledger',
      entityId: null,
      schoolId: check.school.id,
      after: stored(check.rows),
    });
    if (check.rows.length === 0) return;
    await notifyBooksDisagree(tx, ctx, {
      schoolId: check.school.id,
      schoolName: check.school.name,
      disagreements: check.rows.length,
      checkedBy: check.actor.userId,
    });
  });
}

const bySchool = (rows: readonly DisagreementRow[], schoolId: string) =>
  rows.filter((row) => row.schoolId === schoolId);

/** Checks the schools, all of them at once (the daily run) or each in turn; answers how many disagree. */
async function checkSchools(
  ctx: AppContext,
  run: { schools: readonly { id: string; name: string }[]; all: boolean; actor: Actor },
): Promise<number> {
  const everywhere = run.all ? await findDisagreements(ctx.db, null) : [];
  let disagreeing = 0;
  for (const school of run.schools) {
    const rows = run.all ? bySchool(everywhere, school.id) : await findDisagreements(ctx.db, school.id);
    await recordCheck(ctx, { school, rows, actor: run.actor });
    if (rows.length) disagreeing++;
  }
  return disagreeing;
}

/** The daily run over every school; what the job reports in its log. */
export async function checkAllBooks(ctx: AppContext): Promise<{ schools: number; disagreeing: number }> {
  const schools = await allSchools(ctx.db);
  const disagreeing = await checkSchools(ctx, {
    schools,
    all: true,
    actor: { userId: null, ip: null, userAgent: null },
  });
  return { schools: schools.length, disagreeing };
}

/** The schools a request covers: the one named (in scope, or 404), else every school the caller reads. */
async function schoolsAsked(ctx: AppContext, auth: AuthContext, schoolId: string | undefined) {
  if (schoolId) await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  const schools = await schoolsOf(ctx.db, auth.scope);
  return schoolId ? schools.filter((school) => school.id === schoolId) : schools;
}

const asDisagreement =
  (school: { id: string; name: string }) =>
  (row: StoredDisagreement): LedgerDisagreement => ({
    school: { _id: school.id, name: school.name },
    check: row.check,
    detail: row.detail,
    journal: BigInt(row.journalKobo),
    records: BigInt(row.recordsKobo),
  });

/** The last check of each school asked for, together: when the oldest of them ran, and what they found. */
async function resultOf(ctx: AppContext, schools: readonly { id: string; name: string }[]): Promise<LedgerIntegrity> {
  const checks = await lastChecks(ctx.db, {
    schoolIds: schools.map((school) => school.id),
    actions: [CHECKED, DISAGREES],
  });
  const names = new Map(schools.map((school) => [school.id, school]));
  const results = checks.map((check) => ({
    school: names.get(check.schoolId)!,
    at: check.checkedAt,
    ...(check.after as StoredCheck),
  }));
  // A school never checked leaves the whole answer unchecked: "agrees" must not speak for it.
  const complete = schools.length > 0 && results.length === schools.length;
  const oldest = results.reduce<Date | null>((at, result) => (at && at < result.at ? at : result.at), null);
  const total = results.reduce((sum, result) => sum + result.total, 0);
  return {
    checkedAt: complete && oldest ? oldest.toISOString() : null,
    agrees: complete && total === 0,
    total,
    disagreements: results.flatMap((result) => result.disagreements.map(asDisagreement(result.school))),
  };
}

export async function lastBooksCheck({
  ctx,
  auth,
  schoolId,
}: {
  ctx: AppContext;
  auth: AuthContext;
  schoolId?: string | undefined;
}): Promise<LedgerIntegrity> {
  return resultOf(ctx, await schoolsAsked(ctx, auth, schoolId));
}

/** Checks the caller's schools (or the one named) now, and answers with the result. */
export async function checkBooksNow({
  ctx,
  auth,
  actor,
  schoolId,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  schoolId?: string | undefined;
}): Promise<LedgerIntegrity> {
  const schools = await schoolsAsked(ctx, auth, schoolId);
  await checkSchools(ctx, { schools, all: auth.scope.kind === 'all' && !schoolId, actor });
  return resultOf(ctx, schools);
}
