// `npm run audit:verify`: walks every audit chain of the database the app is configured with (the
// same environment as `npm start`) and exits 1 naming the first broken row of each broken chain.
import path from 'node:path';
import { CHAIN_PROBLEM_TEXT } from '@schoolledger/domain';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { verifyAuditChains } from '../src/modules/audit/chain.service.js';

const config = loadConfig();
const say = (line: string) => process.stdout.write(`${line}\n`);

if (!config.databaseUrl) {
  // The embedded database takes one process at a time: opening it beside a running app would
  // corrupt it. The running app verifies through Audit › Integrity instead.
  const running = await fetch(`http://127.0.0.1:${config.port}/api/v1/health`, { signal: AbortSignal.timeout(1000) })
    .then(() => true)
    .catch(() => false);
  if (running) {
    say(`SchoolLedger is running on port ${config.port} with the embedded database.`);
    say('Stop it first, or verify from the app: Audit › Integrity (GET /api/v1/audit/verify).');
    process.exit(2);
  }
}

const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
try {
  const result = await verifyAuditChains(database.db, { kind: 'all' }, new Date());
  for (const chain of result.chains) {
    const name = chain.schoolName ?? (chain.chain === 'platform' ? 'Platform (no school)' : chain.chain);
    if (chain.firstBad) {
      const row = chain.firstBad.id ? `entry ${chain.firstBad.id}` : 'a missing entry';
      say(`BROKEN  ${name}: at #${chain.firstBad.seq} (${row}): ${CHAIN_PROBLEM_TEXT[chain.firstBad.problem]}`);
    } else {
      say(`ok      ${name}: ${chain.rows} entries, head #${chain.headSeq} ${chain.headHash}`);
    }
  }
  say(
    result.valid
      ? `The audit trail is intact (${result.chains.length} chains).`
      : 'The audit trail has been tampered with.',
  );
  process.exitCode = result.valid ? 0 : 1;
} finally {
  await database.close();
}
