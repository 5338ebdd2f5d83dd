import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** "First Middle Last" of a users row (or an alias of it), the middle name left out when there is none. */
export const personName = (person: { firstname: AnyPgColumn; middlename: AnyPgColumn; lastname: AnyPgColumn }) =>
  sql<string>`concat_ws(' ', ${person.firstname}, nullif(trim(${person.middlename}), ''), ${person.lastname})`;
