import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Migration 0005 adds school_id to rows that already exist: it must fill them from the row they
 * hang off before making the column NOT NULL. Run on a database holding rows written under 0004.
 */

const folder = path.resolve(import.meta.dirname, '../drizzle');
const migrations = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const sqlOf = (name: string) =>
  readFileSync(path.join(folder, name), 'utf8').replaceAll('--> statement-breakpoint', '');

const GROUP = '00000000-0000-4000-8000-000000000001';
const IKEJA = '00000000-0000-4000-8000-0000000000a1';
const WUSE = '00000000-0000-4000-8000-0000000000b1';
const FEE = '00000000-0000-4000-8000-000000000101';
const PARENT = '00000000-0000-4000-8000-0000000000f1';
const CHILD = '00000000-0000-4000-8000-0000000000f2';

describe('migration 0005: school_id on fee targets, parent links and webhook events', () => {
  const client = new PGlite({ extensions: { pg_trgm } });

  beforeAll(async () => {
    const index = migrations.findIndex((name) => name.startsWith('0005_'));
    expect(index).toBe(5);
    for (const name of migrations.slice(0, index)) await client.exec(sqlOf(name));
    // A parent of Ikeja with a child at Wuse, and a Wuse fee billed to a class arm and a student.
    await client.exec(`
      insert into group_schools (id, name, description) values ('${GROUP}', 'Group', 'Both schools');
      insert into schools (id, group_school_id, name, phone_number)
        values ('${IKEJA}', '${GROUP}', 'Ikeja', '08030000000'), ('${WUSE}', '${GROUP}', 'Wuse', '08030000000');
      insert into academic_sessions (id, school_id, name, start_date, end_date)
        values ('00000000-0000-4000-8000-0000000000c1', '${WUSE}', '2025/2026', '2025-09-01', '2026-07-31');
      insert into terms (id, school_id, session_id, name, start_date, end_date)
        values ('00000000-0000-4000-8000-0000000000d1', '${WUSE}', '00000000-0000-4000-8000-0000000000c1', 'First Term', '2025-09-08', '2025-12-19');
      insert into class_arms (id, school_id, name) values ('00000000-0000-4000-8000-0000000000e1', '${WUSE}', 'JSS 1A');
      insert into users (id, school_id, firstname, lastname, email, roles)
        values ('${PARENT}', '${IKEJA}', 'Chukwudi', 'Obi', 'parent@example.ng', '{Parent}'),
               ('${CHILD}', '${WUSE}', 'Ada', 'Obi', 'ada@example.ng', '{Student}');
      insert into parent_students (parent_id, student_id) values ('${PARENT}', '${CHILD}');
      insert into fees (id, school_id, term_id, name, description, type, amount_kobo)
        values ('${FEE}', '${WUSE}', '00000000-0000-4000-8000-0000000000d1', 'Library', 'Books', 'library', 150000);
      insert into fee_class_arms (fee_id, class_arm_id) values ('${FEE}', '00000000-0000-4000-8000-0000000000e1');
      insert into fee_students (fee_id, student_id) values ('${FEE}', '${CHILD}');
      insert into payments (school_id, student_id, fee_id, amount_kobo, method, reference)
        values ('${WUSE}', '${CHILD}', '${FEE}', 150000, 'paystack', 'SL-OURS');
      insert into payment_webhook_events (provider, dedupe_key, event, reference, payload)
        values ('paystack', 'a', 'charge.success', 'SL-OURS', '{}'), ('paystack', 'b', 'charge.success', 'NOT-OURS', '{}');
    `);
    await client.exec(sqlOf(migrations[index]!));
  });

  afterAll(() => client.close());

  it('fills each school_id from the row it hangs off', async () => {
    const { rows } = await client.query<{ t: string; school: string | null }>(`
      select 'fee class arm' as t, school_id as school from fee_class_arms
      union all select 'fee student', school_id from fee_students
      union all select 'parent link', school_id from parent_students
      union all select 'webhook ' || reference, school_id from payment_webhook_events
      order by t`);
    expect(rows).toEqual([
      { t: 'fee class arm', school: WUSE },
      { t: 'fee student', school: WUSE },
      { t: 'parent link', school: WUSE },
      { t: 'webhook NOT-OURS', school: null },
      { t: 'webhook SL-OURS', school: WUSE },
    ]);
  });

  it('then refuses rows without one, except webhook events for references that are not ours', async () => {
    const { rows } = await client.query<{ table: string; nullable: string }>(`
      select table_name as table, is_nullable as nullable from information_schema.columns
      where column_name = 'school_id'
        and table_name in ('fee_class_arms', 'fee_students', 'parent_students', 'payment_webhook_events')
      order by table_name`);
    expect(rows).toEqual([
      { table: 'fee_class_arms', nullable: 'NO' },
      { table: 'fee_students', nullable: 'NO' },
      { table: 'parent_students', nullable: 'NO' },
      { table: 'payment_webhook_events', nullable: 'YES' },
    ]);
  });
});
