import { type SQL, sql } from 'drizzle-orm';

/**
 * Words the code or a request's contract fixes (a payment status, a role), written into a
 * statement rather than bound. Each value then has a prepared statement of its own, whose plan
 * PostgreSQL makes for that value and keeps. Bound, one generic plan serves every value, made for
 * a typical one, and a skewed column punishes the rare ones (docs/scaling.md, "Prepared
 * statements"). Only words of letters and underscores are written; anything else is refused.
 */
function checked(word: string) {
  if (!/^[A-Za-z_]+$/.test(word)) throw new Error(`not a word to write into a statement: ${JSON.stringify(word)}`);
  return word;
}

/** One word, as a text constant. */
export const writtenIn = (word: string): SQL => sql.raw(`'${checked(word)}'`);

/** Several words, as a text[] constant. */
export const allWrittenIn = (words: readonly string[]): SQL => sql.raw(`'{${words.map(checked).join(',')}}'::text[]`);
