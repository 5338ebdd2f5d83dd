import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allWrittenIn, writtenIn } from '../src/db/written-in.js';

const dialect = new PgDialect();
const textOf = (query: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(query);

describe('words written into a statement', () => {
  it('writes a word as a constant, with nothing bound', () => {
    expect(textOf(writtenIn('bank_transfer'))).toEqual({ sql: "'bank_transfer'", params: [] });
    expect(textOf(allWrittenIn(['Bursar', 'ICT_administrator']))).toEqual({
      sql: "'{Bursar,ICT_administrator}'::text[]",
      params: [],
    });
  });

  it('refuses anything but letters and underscores, so nothing can close the quote', () => {
    fc.assert(
      fc.property(
        fc.string().filter((word) => !/^[A-Za-z_]+$/.test(word)),
        (word) => {
          expect(() => writtenIn(word)).toThrow(/not a word/);
          expect(() => allWrittenIn(['Bursar', word])).toThrow(/not a word/);
        },
      ),
    );
    for (const hostile of ["pending' or '1'='1", 'a,b', '}', '', 'é']) expect(() => writtenIn(hostile)).toThrow();
  });
});
