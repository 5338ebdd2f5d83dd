import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION, PREPARED_TEXT_MAX, PreparingClient } from '../src/db/preparing-client.js';

// The pool's connections to a PostgreSQL server; the embedded database has no such connections.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('connections that prepare their statements', () => {
  // Used as the pool uses it: as the driver's client.
  let client: pg.Client;
  beforeEach(async () => {
    client = new PreparingClient({ connectionString: url });
    await client.connect();
  });
  afterEach(() => client.end());

  const prepared = async () =>
    (await client.query('select statement from pg_prepared_statements order by statement')).rows.map(
      (row: { statement: string }) => row.statement,
    );

  it('prepares a statement with parameters once and answers each call with its own values', async () => {
    const text = 'select $1::int + 1 as n';
    const answers = [];
    for (const value of [1, 2, 3]) answers.push((await client.query(text, [value])).rows[0].n);
    answers.push((await client.query({ text, values: [41] })).rows[0].n);
    expect(answers).toEqual([2, 3, 4, 42]);
    expect(await prepared()).toEqual([text]);
  });

  it('sends statements without parameters as they are, several in one text included', async () => {
    const results = (await client.query('select 1 as a; select 2 as b')) as unknown as { rows: unknown[] }[];
    expect(results.map((result) => result.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    expect(await prepared()).toEqual([]);
  });

  it('keeps a named statement as the caller named it', async () => {
    await client.query({ name: 'mine', text: 'select $1::text as t', values: ['x'] });
    expect((await client.query('select name from pg_prepared_statements')).rows).toEqual([{ name: 'mine' }]);
  });

  it('prepares no more than its limit of statements, nor one longer than its limit, and still answers them', async () => {
    for (let n = 0; n < PREPARED_PER_CONNECTION + 5; n++) {
      expect((await client.query(`select $1::int as n${n}`, [n])).rows[0][`n${n}`]).toBe(n);
    }
    const long = `select $1::int as n /*${'x'.repeat(PREPARED_TEXT_MAX)}*/`;
    expect((await client.query(long, [7])).rows[0].n).toBe(7);
    const statements = await prepared();
    expect(statements).toHaveLength(PREPARED_PER_CONNECTION);
    expect(statements).not.toContain(long);
  });
});
