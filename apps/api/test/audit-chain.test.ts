import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type AuditVerification, todayIn } from '@schoolledger/domain';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { auditLogs, schools, users } from '../src/db/schema.js';
import { recordAudit } from '../src/modules/audit/audit.queries.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

const nobody = { userId: null, ip: '10.1.2.3', userAgent: 'audit-chain test' };

describe('the audit trail is a hash chain per school that shows any edit', () => {
  const t = useTestApp();
  const ids = { first: '', second: '', third: '', term: '', student: '' };

  const verify = async (who: string, schoolId?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/verify${schoolId ? `?schoolId=${schoolId}` : ''}`,
      headers: await t.as(who),
    });
    return { status: response.statusCode, body: response.json() as { data: AuditVerification; message: string } };
  };
  const chainOf = (verification: AuditVerification, schoolId: string) => {
    const chain = verification.chains.find((candidate) => candidate.schoolId === schoolId);
    expect(chain, `chain of ${schoolId}`).toBeDefined();
    return chain!;
  };
  const rowAt = async (schoolId: string, seq: number) => {
    const [row] = await t.ctx.db
      .select({ id: auditLogs.id, seq: auditLogs.seq })
      .from(auditLogs)
      .where(sql`${auditLogs.schoolId} = ${schoolId} and ${auditLogs.seq} = ${seq}`);
    expect(row, `row ${seq} of ${schoolId}`).toBeDefined();
    return row!;
  };
  /** What someone with the database's owner role could do; the app's own statements are refused. */
  const tamper = async (statement: ReturnType<typeof sql>) => {
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
      await tx.execute(sql`alter table audit_logs disable trigger audit_logs_chain`);
      await tx.execute(statement);
      await tx.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
      await tx.execute(sql`alter table audit_logs enable trigger audit_logs_chain`);
    });
  };

  beforeAll(async () => {
    const all = await t.ctx.db.select().from(schools);
    const first = all.find((school) => school.name === FIRST_SCHOOL)!;
    ids.first = first.id;
    ids.second = all.find((school) => school.name === SECOND_SCHOOL)!.id;
    const [third] = await t.ctx.db
      .insert(schools)
      .values({ groupSchoolId: first.groupSchoolId, name: 'Crestview College, Lekki', phoneNumber: '08030000000' })
      .returning();
    ids.third = third!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.first, todayIn('Africa/Lagos', new Date())))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
    for (const schoolId of [ids.first, ids.second, ids.third]) {
      for (let n = 0; n < 5; n += 1) {
        await recordAudit(t.ctx.db, nobody, {
          action: 'update',
          entity: 'school',
          entityId: schoolId,
          schoolId,
          before: { n },
          after: { n: n + 1, note: 'naïve ₦ text' },
        });
      }
    }
  });

  it('links every new row to the last of its school, in order, with the hash of its content', async () => {
    const rows = await rowsOf<{ seq: string; prev: string; hash: string; recomputed: string }>(
      t.ctx.db,
      sql`select seq::text, prev_hash as prev, hash, audit_row_hash(audit_logs) as recomputed
          from audit_logs where school_id = ${ids.second} order by audit_logs.seq`,
    );
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, index) => index + 1));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]!.prev).toBe('0'.repeat(64));
    expect(rows.slice(1).map((row) => row.prev)).toEqual(rows.slice(0, -1).map((row) => row.hash));
    for (const row of rows) expect(row.hash).toBe(row.recomputed);
  });

  it('refuses the app any UPDATE or DELETE of an audit row, and any rewinding of a chain head', async () => {
    await expect(
      t.ctx.db.execute(sql`update audit_logs set action = 'x' where school_id = ${ids.first}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_logs where school_id = ${ids.first}`)).rejects.toThrow();
    await expect(
      t.ctx.db.execute(sql`update audit_chain_heads set seq = seq - 1 where chain = ${ids.first}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_chain_heads where chain = ${ids.first}`)).rejects.toThrow();
    const { body } = await verify('proprietor');
    expect(chainOf(body.data, ids.first).valid).toBe(true);
  });

  it('keeps concurrent appends to one school contiguous', async () => {
    const before = (await verify('proprietor')).body.data;
    const headBefore = chainOf(before, ids.third).headSeq;
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        t.ctx.db.transaction((tx) =>
          recordAudit(tx, nobody, {
            action: 'create',
            entity: 'student',
            entityId: null,
            schoolId: ids.third,
            after: { n },
          }),
        ),
      ),
    );
    const after = chainOf((await verify('proprietor')).body.data, ids.third);
    expect(after).toMatchObject({ valid: true, headSeq: headBefore + 20, firstBad: null });
  });

  it('answers only the schools a reader may see, and nobody else', async () => {
    const principal = await verify('principal2');
    expect(principal.status).toBe(200);
    expect(principal.body.data.chains.map((chain) => chain.schoolId)).toEqual([ids.second]);
    expect((await verify('principal2', ids.first)).status).toBe(404);
    expect((await verify('bursar')).status).toBe(403);
    expect((await verify('parent')).status).toBe(403);
  });

  it("puts a change to a whole group on the group's own chain, which readers in its schools see", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/security',
      headers: await t.as('ict'),
      payload: { value: { loginMaxAttempts: 6 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [group] = await t.ctx.db.select({ id: schools.groupSchoolId }).from(schools).where(eq(schools.id, ids.first));
    const [row] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'settings.update' and ${auditLogs.groupSchoolId} = ${group!.id}`);
    expect(row).toMatchObject({ schoolId: null, chain: `group:${group!.id}`, seq: 1, category: 'security' });
    for (const reader of ['proprietor', 'principal2', 'admin']) {
      const chains = (await verify(reader)).body.data.chains;
      expect(
        chains.find((chain) => chain.chain === `group:${group!.id}`),
        reader,
      ).toMatchObject({
        schoolId: null,
        rows: 1,
        valid: true,
      });
    }
  });

  it("packs a school's term for the auditor: ledger, receipts, approvals, exceptions and the chain, each hashed in the manifest", async () => {
    const fee = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fee/create',
      headers: await t.as('admin'),
      payload: {
        term_id: ids.term,
        school_id: ids.first,
        name: `Laboratory levy ${randomUUID().slice(0, 6)}`,
        description: 'Term pack test',
        type: 'miscellaneous',
        amount: '12500.50',
        isApproved: true,
      },
    });
    expect(fee.statusCode, fee.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
      payload: { user_id: ids.student, fee_id: fee.json().data._id, amount: '12500.50' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { payment } = paid.json().data as { payment: { trx_ref: string; receiptNo: string } };

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/term-pack?schoolId=${ids.first}&termId=${ids.term}`,
      headers: await t.as('auditor'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="term-pack-crestview-college-ikeja-.*\.zip"/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'audit-chain.json',
      'fee-approvals.csv',
      'ledger.csv',
      'manifest.json',
      'receipts-index.csv',
      'reconciliation-exceptions.csv',
    ]);
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.school.id).toBe(ids.first);
    expect(manifest.term.id).toBe(ids.term);
    expect(manifest.files).toHaveLength(5);
    for (const file of manifest.files as { name: string; sha256: string }[]) {
      expect(createHash('sha256').update(files[file.name]!).digest('hex'), file.name).toBe(file.sha256);
    }
    const ledger = strFromU8(files['ledger.csv']!);
    const line = ledger.split('\n').find((row) => row.includes(payment.trx_ref));
    expect(line).toContain('12500.50');
    expect(line).toContain(payment.receiptNo);
    expect(line).toContain('cash');
    expect(strFromU8(files['receipts-index.csv']!)).toContain(payment.receiptNo);
    expect(strFromU8(files['fee-approvals.csv']!)).toMatch(/Laboratory levy .*,12500\.50,approved,/);
    const chain = JSON.parse(strFromU8(files['audit-chain.json']!)).chain;
    expect(chain).toMatchObject({ schoolId: ids.first, valid: true });
    expect(manifest.auditChain).toMatchObject({ valid: true, headHash: chain.headHash });

    const [download] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.entity} = 'term_pack' and ${auditLogs.schoolId} = ${ids.first}`);
    expect(download).toMatchObject({ action: 'download', entityId: ids.term, category: 'system' });

    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/term-pack?schoolId=${ids.second}&termId=${ids.term}`,
      headers: await t.as('auditor'),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ success: false, code: 'SCHOOL_NOT_FOUND' });
  });

  it('names the row that was changed in the database, and only that school fails', async () => {
    const target = await rowAt(ids.first, 3);
    await tamper(sql`update audit_logs set after = '{"n": 99}'::jsonb where id = ${target.id}`);
    const { status, body } = await verify('proprietor');
    expect(status).toBe(200);
    expect(body.message).toBe('The audit trail has been tampered with');
    expect(body.data.valid).toBe(false);
    expect(chainOf(body.data, ids.first)).toMatchObject({
      valid: false,
      firstBad: { seq: 3, id: target.id, problem: 'changed' },
    });
    expect(chainOf(body.data, ids.second).valid).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)('npm run audit:verify names the same row and exits 1', async () => {
    const target = await rowAt(ids.first, 3);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toContain(
      `BROKEN  ${FIRST_SCHOOL}: at #3 (entry ${target.id}): This entry was changed after it was written`,
    );
    expect(run.stdout).toMatch(new RegExp(`ok {6}${SECOND_SCHOOL}: \\d+ entries`));
    expect(run.stdout).toContain('The audit trail has been tampered with.');
  });

  it('names the row after one that was deleted, and notices rows deleted from the end', async () => {
    const deleted = await rowAt(ids.second, 2);
    const next = await rowAt(ids.second, 3);
    await tamper(sql`delete from audit_logs where id = ${deleted.id}`);
    expect(chainOf((await verify('proprietor')).body.data, ids.second).firstBad).toEqual({
      seq: 3,
      id: next.id,
      problem: 'deleted',
    });

    const tail = chainOf((await verify('proprietor')).body.data, ids.third);
    await tamper(sql`delete from audit_logs where school_id = ${ids.third} and seq = ${tail.headSeq}`);
    expect(chainOf((await verify('proprietor')).body.data, ids.third).firstBad).toEqual({
      seq: tail.headSeq,
      id: null,
      problem: 'deleted',
    });
  });

  it('names a row slipped into the chain with a link of its own making', async () => {
    await recordAudit(t.ctx.db, nobody, { action: 'create', entity: 'user', entityId: null, schoolId: null });
    const [head] = await rowsOf<{ seq: number }>(
      t.ctx.db,
      sql`select seq::int from audit_chain_heads where chain = 'platform'`,
    );
    const forged = randomUUID();
    // A row placed where the next would go, its own hash right but its link invented.
    await tamper(sql`
      insert into audit_logs (id, school_id, action, entity, chain, seq, prev_hash, hash, category, severity)
      values (${forged}, null, 'delete', 'payment', 'platform', ${head!.seq + 1}, ${'f'.repeat(64)}, '', 'financial', 'high')`);
    await tamper(sql`update audit_logs set hash = audit_row_hash(audit_logs) where id = ${forged}`);
    await t.ctx.db.execute(sql`update audit_chain_heads set seq = seq + 1 where chain = 'platform'`);
    const platform = (await verify('admin')).body.data.chains.find((chain) => chain.chain === 'platform');
    expect(platform).toMatchObject({
      valid: false,
      firstBad: { seq: head!.seq + 1, id: forged, problem: 'out_of_order' },
    });
  });
});
