import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server `serverUrl` names, empty or a copy of `template`,
 * with its connection string and how to drop it. A database rather than a schema: the generated
 * migrations name "public" in their foreign keys, so they cannot be moved into another schema.
 */
export async function createTestDatabase(serverUrl: string, { template }: { template?: string } = {}) {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** FORCE: a connection a failed test left open would otherwise keep it. */
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
