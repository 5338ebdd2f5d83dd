import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * What only tests, the demo and the bench need must never become a dependency of product code,
 * or it ships and runs in production. Until the full dependency rules exist, this guards the
 * two boundaries the provider fakes' move drew: modules stay clear of the fakes, the seed, the
 * demo wiring, the tests and the bench; the fakes stay clear of the API.
 */

const apiRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(apiRoot, '../..');
const modulesDir = path.join(apiRoot, 'src/modules');
const fakesDir = path.join(repoRoot, 'packages/provider-fakes/src');

const FAKES_PACKAGE = '@schoolledger/provider-fakes';
const OFF_LIMITS_TO_MODULES = [
  path.join(apiRoot, 'src/seed'),
  path.join(apiRoot, 'src/demo'),
  path.join(apiRoot, 'test'),
  path.join(apiRoot, 'bench'),
  path.join(repoRoot, 'packages/provider-fakes'),
];
const FAKES_MAY_IMPORT = [/^node:/, /^fastify$/, /^@schoolledger\/domain$/];

const IMPORT_FORMS = [
  /\b(?:import|export)\b\s*(?:type\b\s*)?(?:[\w*{}\s,$]+?\bfrom\s*)?['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module specifier a source file names: static, type-only, re-exported, side-effect and dynamic. */
function importsOf(source: string): string[] {
  return IMPORT_FORMS.flatMap((form) => [...source.matchAll(form)].map((match) => match[1]!));
}

const isInside = (dir: string, target: string) => {
  const relative = path.relative(dir, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(?:[cm]?[jt]s|tsx)$/.test(name))
    .map((name) => path.join(dir, name));
}

/** The imports of a file under src/modules that reach what product code must not depend on. */
function moduleViolations(file: string, source: string): string[] {
  return importsOf(source).filter((specifier) => {
    if (specifier === FAKES_PACKAGE || specifier.startsWith(`${FAKES_PACKAGE}/`)) return true;
    if (!specifier.startsWith('.')) return false;
    const target = path.resolve(path.dirname(file), specifier);
    return OFF_LIMITS_TO_MODULES.some((dir) => isInside(dir, target));
  });
}

/** The imports of a fake that are neither node, fastify, the domain package nor the fakes' own files. */
function fakeViolations(file: string, source: string): string[] {
  return importsOf(source).filter((specifier) =>
    specifier.startsWith('.')
      ? !isInside(fakesDir, path.resolve(path.dirname(file), specifier))
      : !FAKES_MAY_IMPORT.some((allowed) => allowed.test(specifier)),
  );
}

function scan(files: string[], violations: (file: string, source: string) => string[]) {
  let imports = 0;
  const found: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    imports += importsOf(source).length;
    for (const specifier of violations(file, source)) found.push(`${path.relative(repoRoot, file)} → ${specifier}`);
  }
  return { imports, found };
}

describe('import boundaries', () => {
  it('reads every form an import takes', () => {
    const source = `
      import { a } from './a.js';
      import type { B } from "./b.js";
      import {
        c,
        type D,
      } from '../c.js';
      import * as e from 'e';
      import f, { g } from 'f';
      import './side-effect.js';
      export { h } from './h.js';
      export * from './i.js';
      const j = await import('./j.js');
      const k = require('k');
      // a comment that imports from nowhere
    `;
    expect(importsOf(source).sort()).toEqual(
      ['../c.js', './a.js', './b.js', './h.js', './i.js', './j.js', './side-effect.js', 'e', 'f', 'k'].sort(),
    );
  });

  it('flags a module that imports the fakes, the seed, the demo wiring, the tests or the bench', () => {
    const file = path.join(modulesDir, 'payments/credit.service.ts');
    const source = `
      import { startPaystackFake } from '@schoolledger/provider-fakes';
      import { DEMO_PROVIDER_KEYS } from '../../seed/payments.js';
      import { startDemoPaymentFakes } from '../../demo/payment-fakes.js';
      import { useTestApp } from '../../../test/helper.js';
      import { run } from '../../../bench/run.js';
      import { fees } from '../../db/schema.js';
      import { settle } from './settle.js';
      import { z } from 'zod';
    `;
    expect(moduleViolations(file, source)).toEqual([
      '@schoolledger/provider-fakes',
      '../../seed/payments.js',
      '../../demo/payment-fakes.js',
      '../../../test/helper.js',
      '../../../bench/run.js',
    ]);
  });

  it('no API module imports the provider fakes, the seed, the demo wiring, the tests or the bench', () => {
    const files = sourceFiles(modulesDir);
    const { imports, found } = scan(files, moduleViolations);
    expect(files.length).toBeGreaterThan(20);
    expect(imports).toBeGreaterThan(files.length);
    expect(found).toEqual([]);
  });

  it('the provider fakes import only node, fastify, the domain package and their own files', () => {
    expect(
      fakeViolations(
        path.join(fakesDir, 'paystack/fake.ts'),
        "import { x } from '../../../../apps/api/src/config.js';",
      ),
    ).toEqual(['../../../../apps/api/src/config.js']);
    const files = sourceFiles(fakesDir);
    const { imports, found } = scan(files, fakeViolations);
    expect(files.length).toBeGreaterThan(3);
    expect(imports).toBeGreaterThan(files.length);
    expect(found).toEqual([]);
  });
});
