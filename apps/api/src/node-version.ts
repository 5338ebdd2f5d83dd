import { readFileSync } from 'node:fs';

/**
 * The oldest Node.js the server's dependencies support (the job queue needs 22.12), read from the
 * root package.json's `engines` so the README, npm and this check name one version.
 */
export const requiredNode: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).engines.node.replace(/^>=\s*/, '');

/** Why `version` (as in `process.versions.node`) cannot run the server, or null when it can. */
export function nodeVersionProblem(version: string, required: string = requiredNode): string | null {
  const have = version.split('.').map(Number);
  const need = required.split('.').map(Number);
  for (let i = 0; i < need.length; i += 1) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a > b) return null;
    if (a < b) {
      return `SchoolLedger needs Node.js ${required} or later; this is Node.js ${version}. Install the current LTS release from https://nodejs.org and start again.`;
    }
  }
  return null;
}
