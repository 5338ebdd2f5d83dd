import { asc } from 'drizzle-orm';
import type { ReadDb } from '../../db/client.js';
import { schools } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/** The schools in scope, by name: the rows of the group's table, with or without figures. */
export function schoolsOf(db: ReadDb, scope: Scope) {
  return db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(inSchoolScope(scope, schools.id))
    .orderBy(asc(schools.name), asc(schools.id));
}
