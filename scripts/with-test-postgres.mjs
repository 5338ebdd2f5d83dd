// Runs a command with DATABASE_URL pointing at the test PostgreSQL server (127.0.0.1:5432,
// database `test`, unless DATABASE_URL is already set). On CI a missing server is a failure;
// on a developer's machine without PostgreSQL the PostgreSQL pass is skipped with a warning.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  const message = `PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${error.message}`;
  if (process.env.CI) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message}\nSkipping the PostgreSQL pass of the API tests (set DATABASE_URL to run it).`);
  process.exit(0);
}

const [command, ...args] = process.argv.slice(2);
console.log(`Running the API tests on PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')})`);
const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(result.status ?? 1);
