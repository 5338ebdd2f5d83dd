import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNode } from '../src/node-version.js';

describe('the Node.js version the server needs', () => {
  it('is the one the root package.json and the README name', () => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(root.engines.node).toBe(`>=${requiredNode}`);
    expect(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toContain(
      `You need Node.js ${requiredNode} or later`,
    );
  });

  it('refuses an older Node.js with what to install, and accepts the same or newer', () => {
    expect(nodeVersionProblem('20.20.2', '22.12')).toBe(
      'SchoolLedger needs Node.js 22.12 or later; this is Node.js 20.20.2. Install the current LTS release from https://nodejs.org and start again.',
    );
    expect(nodeVersionProblem('22.11.9', '22.12')).toMatch(/needs Node\.js 22\.12/);
    expect(nodeVersionProblem('22.12.0', '22.12')).toBeNull();
    expect(nodeVersionProblem('22.23.5', '22.12')).toBeNull();
    expect(nodeVersionProblem('24.0.0', '22.12')).toBeNull();
  });

  it('satisfies every installed package, so npm install prints no engine warnings', () => {
    const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'));
    const wanted = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[] }>)
      .map(([where, entry]) => ({ where, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter((entry): entry is { where: string; node: string } => typeof entry.node === 'string');
    // pg-boss alone asks for 22.12: the list cannot be empty or miss the strictest.
    expect(wanted.find(({ where }) => where === 'node_modules/pg-boss')?.node).toBe('>=22.12.0');
    const oldest = semver.minVersion(`>=${requiredNode}`)?.version ?? requiredNode;
    const unmet = wanted.filter(({ node }) => !semver.satisfies(oldest, node));
    expect(unmet).toEqual([]);
  });
});
