import { type SQL, sql } from 'drizzle-orm';
import { personSearchText, users } from './schema.js';

/** Matches people whose names, email or registration number contain `term`, taken literally. */
export function personMatches(term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`${personSearchText(users)} ilike ${pattern}`;
}
