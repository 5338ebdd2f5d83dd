// Run by `npm install`: makes the saved empty database (see src/db/pglite-template.ts) so the
// first `npm start` and every test file skip PostgreSQL's initdb. Never fails the install: without
// the template the first start makes it instead.
import { openDatabase } from '../src/db/client.js';

try {
  const database = await openDatabase({ onCreate: () => process.stdout.write('Preparing the embedded database…\n') });
  await database.close();
} catch (error) {
  process.stdout.write(`Skipped preparing the embedded database: ${String(error)}\n`);
}
