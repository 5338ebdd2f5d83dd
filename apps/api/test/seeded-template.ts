import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { createTestDatabase } from './test-databases.js';

/**
 * The demo group, migrated and seeded once per run of the API tests (Vitest's global setup), for
 * each file of the run to start from a copy: on PostgreSQL a database each file clones
 * (`create database … template …`), on the embedded database a data directory each file loads.
 * Migrating and seeding anew cost each file 1 to 3 s, about as much as many files' tests.
 * Files with their own clock or seed options still seed their own database (helper.ts).
 */
export interface SeededTemplate {
  /** The PostgreSQL database to clone, when the tests run on PostgreSQL. */
  database?: string;
  /** The embedded database's data directory, a tar file (`dumpDataDir('none')`). */
  dataDirFile?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await createTestDatabase(url);
    const database = await openDatabase({ url: template.url });
    try {
      await seedDemoIfEmpty(database.db);
    } finally {
      // A database being cloned may have no one connected.
      await database.close();
    }
    project.provide('seededTemplate', { database: template.name });
    return template.drop;
  }
  const database = await openDatabase({});
  const dataDirFile = path.join(tmpdir(), `schoolledger-test-seeded-${randomBytes(6).toString('hex')}.tar`);
  try {
    await seedDemoIfEmpty(database.db);
    writeFileSync(dataDirFile, Buffer.from(await (await database.dumpDataDir!('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('seededTemplate', { dataDirFile });
  return () => rmSync(dataDirFile, { force: true });
}
