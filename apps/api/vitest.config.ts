import { defineConfig } from 'vitest/config';

// Files that replace one of the app's modules (vi.mock) get a module graph of their own; every
// other file shares its worker's, since importing the whole app anew for each file was a third of
// the suite's CPU time. Each file still builds its own app on its own database.
const ownModules = ['test/payments-webhook-once.test.ts'];

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
          exclude: ownModules,
          isolate: false,
          // The demo group, migrated and seeded once for the files to copy.
          globalSetup: ['test/seeded-template.ts'],
        },
      },
      { extends: true, test: { name: 'api-own-modules', include: ownModules } },
    ],
  },
});
