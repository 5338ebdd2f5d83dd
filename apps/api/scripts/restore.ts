// `npm run restore -- <backup file>`: loads a backup from DATA_DIR/backups into the app's
// database (the embedded one in DATA_DIR/pglite, or DATABASE_URL's). Stop the app first.
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { restoreBackup } from '../src/modules/system/restore.service.js';

const say = (message: string) => process.stdout.write(`${message}\n`);
const file = process.argv[2];
if (!file) {
  say('Usage: npm run restore -- <backup file>   (a .pglite.tar.gz or .pgdump from DATA_DIR/backups)');
  process.exit(2);
}

const config = loadConfig();
// A running app holds the database open: restoring under it would corrupt the embedded one and
// race the server's connections. Anything answering on the app's port counts as running.
const answering = await fetch(`http://127.0.0.1:${config.port}/api/v1/health`, { signal: AbortSignal.timeout(2000) })
  .then(() => true)
  .catch(() => false);
if (answering) {
  say(`SchoolLedger is answering on port ${config.port}. Stop it, then run the restore again.`);
  process.exit(1);
}

try {
  // npm runs scripts from the root folder; a relative path is the caller's.
  const backup = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  say(`Restoring ${backup} into ${config.databaseUrl ? 'the PostgreSQL database' : 'the embedded database'}…`);
  const result = await restoreBackup({ file: backup, dataDir: config.dataDir, databaseUrl: config.databaseUrl, say });
  say(`Restored: ${result.payments} payments and ${result.auditLogs} audit log entries.`);
  if (result.setAside) say(`The database it replaced is kept at ${result.setAside}; delete it once you are satisfied.`);
  say('Start the app again with npm start.');
} catch (error) {
  say(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
