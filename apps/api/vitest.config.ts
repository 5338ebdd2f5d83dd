import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Files that replace one of the app's modules (vi.mock) get a module graph of their own; every
// other file shares its worker's, since importing the whole app anew for each file was a third of
// the suite's CPU time. Each file still builds its own app on its own database.
const ownModules = ['test/payments-webhook-once.test.ts'];

/**
 * Files whose tests never reach the database that DATABASE_URL names: rules and formats checked
 * without a database, the repository's own checks, and migrations replayed on an embedded database
 * of their own. They run in the PGlite pass only; on PostgreSQL (`npm run test:pg`, the second
 * pass of `npm test`) they would repeat the same work to the same result.
 */
const databaseFree = [
  'test/audit-summaries.test.ts',
  'test/bench-budget-table.test.ts',
  'test/bank-statements-corpus.test.ts',
  'test/bank-statements-parsing.test.ts',
  'test/boundaries.test.ts',
  'test/dashboard-money.test.ts',
  'test/ledger-migration.test.ts',
  'test/migration-school-id.test.ts',
  'test/node-version.test.ts',
  'test/payments-modules.test.ts',
  'test/provider-fakes-messaging.test.ts',
  'test/provider-fakes-virtual-accounts.test.ts',
  'test/tabular.test.ts',
  'test/test-timing-check.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL);
// A file of the list that comes to use the app's database would silently skip PostgreSQL: refused here.
for (const file of databaseFree) {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  if (/from '\.\/(helper|test-databases)\.js'|\/db\/client\.js'|process\.env\.DATABASE_URL/.test(source))
    throw new Error(`${file} reaches the app's database; take it off databaseFree in vitest.config.ts`);
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file builds its own app on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: [...ownModules, ...(onPostgres ? databaseFree : [])],
          isolate: false,
          // The demo group, migrated and seeded once for the files to copy.
          globalSetup: ['test/seeded-template.ts'],
        },
      },
      { extends: true, test: { name: 'api-own-modules', include: ownModules } },
    ],
  },
});
