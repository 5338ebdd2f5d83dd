import { EXPORT_ROW_LIMIT } from '@schoolledger/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../src/db/schema.js';
import { FIRST_SCHOOL, useTestApp } from './helper.js';
import { call } from './payments-support.js';

describe('an export larger than one file may hold', () => {
  const t = useTestApp();

  beforeAll(async () => {
    const [school] = await t.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, FIRST_SCHOOL));
    // Linking 50,001 rows one by one through the chain trigger takes minutes on PGlite; what is
    // tested here is the count, so the rows come with made-up links (this file's database only).
    await t.ctx.db.execute(sql`alter table audit_logs disable trigger audit_logs_chain`);
    await t.ctx.db.execute(sql`insert into audit_logs (school_id, action, entity, category, severity, after, chain, seq, prev_hash, hash)
      select ${school!.id}::uuid, 'update', 'class_arm', 'user', 'low', jsonb_build_object('n', n),
        ${school!.id}, 1000000 + n, repeat('0', 64), repeat('0', 64)
      from generate_series(1, ${EXPORT_ROW_LIMIT + 1}) as n`);
    await t.ctx.db.execute(sql`alter table audit_logs enable trigger audit_logs_chain`);
  }, 60_000);

  it('is refused with a 422 that says how many entries matched and how to narrow them, and nothing is recorded', async () => {
    const response = await call(t, 'auditor', 'GET', '/audit/logs/export?format=csv&module=class_arm');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'EXPORT_TOO_LARGE',
      message: `These filters match ${(EXPORT_ROW_LIMIT + 1).toLocaleString('en-NG')} entries; one file holds at most ${EXPORT_ROW_LIMIT.toLocaleString('en-NG')}. Narrow the dates or filters and export again.`,
    });
    const exports = await call(t, 'auditor', 'GET', '/audit/logs?module=audit_log');
    expect(exports.statusCode).toBe(200);
    expect(exports.json().data.pagination.total).toBe(0);

    const narrowed = await call(
      t,
      'auditor',
      'GET',
      '/audit/logs/export?format=csv&module=class_arm&search=nothing-matches',
    );
    expect(narrowed.statusCode).toBe(200);
  });
});
