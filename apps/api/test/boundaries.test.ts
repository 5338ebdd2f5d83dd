import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm run lint:deps` (scripts/check-boundaries.mjs) keeps the import rules of the tree; this
 * proves each rule can fail, on a small tree with one deliberate violation of each, so a checker
 * that silently stopped reading imports would not pass for a clean repository.
 */

const checker = path.resolve(import.meta.dirname, '../../../scripts/check-boundaries.mjs');
const roots: string[] = [];
/** A tree of its own, removed after the file's tests. */
function tree(name: string) {
  const made = mkdtempSync(path.join(tmpdir(), `boundaries-${name}-`));
  roots.push(made);
  return made;
}
const root = tree('rules');
const sqlRoot = tree('sql');
afterAll(() => {
  for (const made of roots) rmSync(made, { recursive: true, force: true });
});

function write(file: string, source = '', into = root) {
  mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
  writeFileSync(path.join(into, file), source);
}

function check(at = root) {
  const run = spawnSync(process.execPath, [checker, '--root', at], { encoding: 'utf8' });
  return {
    status: run.status,
    lines: `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.startsWith('  ')),
  };
}

describe('import boundary checker', () => {
  it('passes a tree that keeps every rule', () => {
    write(
      'apps/web/src/features/fees/list.tsx',
      "import { Button } from '@/components/ui';\nimport { own } from './own';",
    );
    write('apps/web/src/features/fees/own.ts');
    write('apps/web/src/components/ui.tsx');
    write('apps/api/src/modules/students/students.queries.ts');
    write('apps/api/src/modules/students/students.service.ts');
    write('apps/api/src/modules/students/students.errors.ts');
    write(
      'apps/api/src/modules/fees/fees.service.ts',
      [
        "import { findStudent } from '../students/students.queries.js';",
        "import { create } from '../students/students.service.js';",
        "import { studentNotFound } from '../students/students.errors.js';",
      ].join('\n'),
    );
    write(
      'apps/api/src/server.ts',
      "import { startPaystackFake } from '@schoolledger/provider-fakes';\nimport './seed/index.js';",
    );
    write('apps/api/src/seed/index.ts');
    write(
      'packages/provider-fakes/src/paystack/fake.ts',
      "import { createServer } from 'node:http';\nimport Fastify from 'fastify';\nimport { MSG } from '@schoolledger/domain';\nimport { sign } from '../sign.js';",
    );
    write('packages/provider-fakes/src/sign.ts');
    expect(check()).toEqual({ status: 0, lines: [] });
  });

  it('fails on one violation of each rule, in every form an import takes', () => {
    write(
      'apps/web/src/features/fees/list.tsx',
      [
        "import { useUsers } from '@/features/users/api';",
        "import type { User } from '../users/types';",
        "export { userName } from '../users/name.js';",
        "import '../users/styles.css';",
        "const lazyUsers = await import('@/features/users/routes');",
      ].join('\n'),
    );
    for (const file of ['api.ts', 'types.ts', 'name.ts', 'styles.css', 'routes.tsx'])
      write(`apps/web/src/features/users/${file}`);
    write('apps/api/src/modules/students/students.routes.ts');
    write('apps/api/src/modules/students/students.presenters.ts');
    write(
      'apps/api/src/modules/fees/fees.service.ts',
      [
        "import { routes } from '../students/students.routes.js';",
        "import { toStudent } from '../students/students.presenters.js';",
      ].join('\n'),
    );
    write('apps/api/src/modules/fees/fees.queries.ts');
    write('apps/api/src/modules/students/students.service.ts', "import { feeRows } from '../fees/fees.queries.js';");
    write('apps/api/src/modules/providers/provider.ts', "import { feeRows } from '../fees/fees.queries.js';");
    write(
      'apps/api/src/modules/payments/cash.service.ts',
      [
        "import { startPaystackFake } from '@schoolledger/provider-fakes';",
        "import { DEMO_KEYS } from '../../seed/payments.js';",
        "import { startDemo } from '../../demo/payment-fakes.js';",
        "import { useTestApp } from '../../../test/helper.js';",
        "import { run } from '../../../bench/run.js';",
      ].join('\n'),
    );
    write('apps/api/src/server.ts', "import { useTestApp } from '../test/helper.js';");
    write('packages/domain/src/fees.ts', "import { sample } from './fees.test.js';");
    write(
      'packages/provider-fakes/src/paystack/fake.ts',
      "import { z } from 'zod';\nimport { loadConfig } from '../../../../apps/api/src/config.js';",
    );
    const { status, lines } = check();
    expect(status).toBe(1);
    expect(lines.map((line) => line.trim()).sort()).toEqual(
      [
        'web-features-do-not-import-each-other: apps/web/src/features/fees/list.tsx -> @/features/users/api',
        'web-features-do-not-import-each-other: apps/web/src/features/fees/list.tsx -> ../users/types',
        'web-features-do-not-import-each-other: apps/web/src/features/fees/list.tsx -> ../users/name.js',
        'web-features-do-not-import-each-other: apps/web/src/features/fees/list.tsx -> ../users/styles.css',
        'web-features-do-not-import-each-other: apps/web/src/features/fees/list.tsx -> @/features/users/routes',
        'api-modules-meet-through-services-and-queries: apps/api/src/modules/fees/fees.service.ts -> ../students/students.routes.js',
        'api-modules-meet-through-services-and-queries: apps/api/src/modules/fees/fees.service.ts -> ../students/students.presenters.js',
        'no-cycles-between-api-modules: fees -> students -> fees',
        'providers-import-no-other-module: apps/api/src/modules/providers/provider.ts -> ../fees/fees.queries.js',
        'no-test-seed-demo-or-fakes-in-product-code: apps/api/src/modules/payments/cash.service.ts -> @schoolledger/provider-fakes',
        'no-test-seed-demo-or-fakes-in-product-code: apps/api/src/modules/payments/cash.service.ts -> ../../seed/payments.js',
        'no-test-seed-demo-or-fakes-in-product-code: apps/api/src/modules/payments/cash.service.ts -> ../../demo/payment-fakes.js',
        'no-test-seed-demo-or-fakes-in-product-code: apps/api/src/modules/payments/cash.service.ts -> ../../../test/helper.js',
        'no-test-seed-demo-or-fakes-in-product-code: apps/api/src/modules/payments/cash.service.ts -> ../../../bench/run.js',
        'no-test-seed-demo-or-fakes-in-product-code: apps/api/src/server.ts -> ../test/helper.js',
        'no-test-seed-demo-or-fakes-in-product-code: packages/domain/src/fees.ts -> ./fees.test.js',
        'fakes-import-only-node-fastify-domain: packages/provider-fakes/src/paystack/fake.ts -> zod',
        'fakes-import-only-node-fastify-domain: packages/provider-fakes/src/paystack/fake.ts -> ../../../../apps/api/src/config.js',
      ].sort(),
    );
  });

  it('keeps SQL in the queries files: a route, service or job that builds a query fails', () => {
    const modules = 'apps/api/src/modules';
    const put = (file: string, lines: string[]) => write(`${modules}/${file}`, lines.join('\n'), sqlRoot);
    put('students/students.queries.ts', [
      "import { and, eq, sql } from 'drizzle-orm';",
      'export const findStudent = (db, id) => db.select().from(users).where(eq(users.id, id));',
    ]);
    put('students/students.access.ts', ["import { eq } from 'drizzle-orm';"]);
    put('students/students.service.ts', [
      "import type { SQL } from 'drizzle-orm';",
      "import { type AnyColumn, type SQL as Condition } from 'drizzle-orm';",
      "import { findStudent } from './students.queries.js';",
      'export const update = (ctx) => ctx.db.transaction(async (tx) => findStudent(tx, 1));',
    ]);
    put('students/students.routes.ts', ["app.delete('/student/:id/delete', handler);"]);
    expect(check(sqlRoot)).toEqual({ status: 0, lines: [] });

    put('students/students.service.ts', [
      "import { and, type SQL } from 'drizzle-orm';",
      "import * as orm from 'drizzle-orm/pg-core';",
      'export const update = (ctx) =>',
      '  ctx.db.transaction(async (tx) => {',
      '    await tx',
      '      .update(users)',
      '      .set({ phone: null });',
      '  });',
    ]);
    put('students/students.routes.ts', ['const rows = await app.ctx.db.select().from(users);']);
    put('email/email.job.ts', ["import { sql } from 'drizzle-orm';", 'await db.execute(sql`select 1`);']);
    const { status, lines } = check(sqlRoot);
    expect(status).toBe(1);
    expect(lines.map((line) => line.trim()).sort()).toEqual(
      [
        `sql-lives-in-queries-files: ${modules}/students/students.service.ts -> drizzle-orm`,
        `sql-lives-in-queries-files: ${modules}/students/students.service.ts -> drizzle-orm/pg-core`,
        `sql-lives-in-queries-files: ${modules}/students/students.service.ts -> tx.update()`,
        `sql-lives-in-queries-files: ${modules}/students/students.routes.ts -> db.select()`,
        `sql-lives-in-queries-files: ${modules}/email/email.job.ts -> drizzle-orm`,
        `sql-lives-in-queries-files: ${modules}/email/email.job.ts -> db.execute()`,
      ].sort(),
    );
  });

  it('refuses a ring of value imports between files, and reads a type-only ring as none', () => {
    const rings = tree('cycles');
    const put = (file: string, lines: string[]) => write(file, lines.join('\n'), rings);
    // A ring of three across the product roots, closed by a re-export; found whichever file is read first.
    put('packages/domain/src/money.ts', ["import { rate } from './rates.js';"]);
    put('packages/domain/src/rates.ts', ["export { round } from './round.js';"]);
    put('packages/domain/src/round.ts', ["import { format } from './money';"]);
    // `import { type A }` still loads the module under verbatimModuleSyntax, so it closes a ring.
    put('apps/api/src/modules/fees/fees.service.ts', ["import { type FeeRow, feeRows } from './fees.queries.js';"]);
    put('apps/api/src/modules/fees/fees.queries.ts', ["import { type Fee } from './fees.service.js';"]);
    // Only types cross back: erased when compiled, no ring at run time.
    put('apps/web/src/lib/money.ts', [
      "import type { Locale } from './locale';",
      "export type { Format } from './locale';",
    ]);
    put('apps/web/src/lib/locale.ts', ["import { naira } from './money';"]);
    // One tangle is one line: its shortest ring from the first file, then the files it leaves out.
    put('apps/api/src/lib/a.ts', ["import { b } from './b.js';"]);
    put('apps/api/src/lib/b.ts', ["import { a } from './a.js';", "import { c } from './c.js';"]);
    put('apps/api/src/lib/c.ts', ["import { b } from './b.js';"]);
    // A dynamic import is a value import too.
    put('apps/api/src/jobs/runner.ts', ["const jobs = await import('./jobs.js');"]);
    put('apps/api/src/jobs/jobs.ts', ["import { run } from './runner.js';"]);
    const { status, lines } = check(rings);
    expect(status).toBe(1);
    expect(lines.map((line) => line.trim())).toEqual([
      'no-import-cycles-between-files: apps/api/src/jobs/jobs.ts -> apps/api/src/jobs/runner.ts -> apps/api/src/jobs/jobs.ts',
      'no-import-cycles-between-files: apps/api/src/lib/a.ts -> apps/api/src/lib/b.ts -> apps/api/src/lib/a.ts (tangled with apps/api/src/lib/c.ts)',
      'no-import-cycles-between-files: apps/api/src/modules/fees/fees.queries.ts -> apps/api/src/modules/fees/fees.service.ts -> apps/api/src/modules/fees/fees.queries.ts',
      'no-import-cycles-between-files: packages/domain/src/money.ts -> packages/domain/src/rates.ts -> packages/domain/src/round.ts -> packages/domain/src/money.ts',
    ]);
  });

  it('keeps the web in layers: shared code below the features, the features below the app', () => {
    const web = tree('web');
    const put = (file: string, lines: string[] = []) => write(`apps/web/src/${file}`, lines.join('\n'), web);
    put('main.tsx', ["import { App } from './app/app';", "import '@/features/fees/routes';"]);
    put('app/app.tsx', [
      "import { FeesPage } from '@/features/fees/routes';",
      "import { Button } from '@/components/ui';",
    ]);
    put('app/router.tsx');
    put('features/fees/routes.tsx', [
      "import { Button } from '../../components/ui';",
      "import { api } from '@/lib/api';",
    ]);
    put('components/ui.tsx', ["import { cn } from '@/lib/cn';"]);
    put('lib/api.ts');
    put('lib/cn.ts');
    put('hooks/use-title.ts', ["import { cn } from '../lib/cn';"]);
    expect(check(web)).toEqual({ status: 0, lines: [] });

    put('components/ui.tsx', [
      "import { FeesPage } from '@/features/fees/routes';",
      "import type { Route } from '../app/router';",
    ]);
    put('hooks/use-title.ts', ["import { router } from '@/app/router';"]);
    put('features/fees/routes.tsx', ["import { router } from '../../app/router';"]);
    const { status, lines } = check(web);
    expect(status).toBe(1);
    expect(lines.map((line) => line.trim()).sort()).toEqual(
      [
        'web-shared-code-imports-no-feature-or-app: apps/web/src/components/ui.tsx -> @/features/fees/routes',
        'web-shared-code-imports-no-feature-or-app: apps/web/src/components/ui.tsx -> ../app/router',
        'web-shared-code-imports-no-feature-or-app: apps/web/src/hooks/use-title.ts -> @/app/router',
        'web-features-do-not-import-the-app: apps/web/src/features/fees/routes.tsx -> ../../app/router',
      ].sort(),
    );
  });

  it("refuses a plugin that reaches a module's queries rather than its service", () => {
    const plugins = tree('plugins');
    const put = (file: string, lines: string[] = []) => write(`apps/api/src/${file}`, lines.join('\n'), plugins);
    put('modules/auth/auth.queries.ts');
    put('modules/auth/auth.service.ts', ["import { findUser } from './auth.queries.js';"]);
    put('plugins/auth.ts', ["import { liveSessionUser } from '../modules/auth/auth.service.js';"]);
    expect(check(plugins)).toEqual({ status: 0, lines: [] });

    put('modules/audit/audit.queries.ts');
    put('plugins/auth.ts', [
      "import { findUser } from '../modules/auth/auth.queries.js';",
      "import type { Actor } from '../modules/audit/audit.queries.js';",
    ]);
    const { status, lines } = check(plugins);
    expect(status).toBe(1);
    expect(lines.map((line) => line.trim()).sort()).toEqual([
      'api-plugins-use-services-not-queries: apps/api/src/plugins/auth.ts -> ../modules/audit/audit.queries.js',
      'api-plugins-use-services-not-queries: apps/api/src/plugins/auth.ts -> ../modules/auth/auth.queries.js',
    ]);
  });

  it('reads a chain of 20,000 files in one walk and finds the ring at its far end', { timeout: 120_000 }, () => {
    const chain = tree('chain');
    const dir = path.join(chain, 'packages/domain/src/chain');
    mkdirSync(dir, { recursive: true });
    const name = (at: number) => `f${String(at).padStart(5, '0')}`;
    const last = 19_999;
    for (let at = 0; at < last; at += 1)
      writeFileSync(path.join(dir, `${name(at)}.ts`), `import { next } from './${name(at + 1)}.js';\n`);
    writeFileSync(path.join(dir, `${name(last)}.ts`), `import { back } from './${name(last - 1)}.js';\n`);
    const at = (index: number) => `packages/domain/src/chain/${name(index)}.ts`;
    expect(check(chain)).toEqual({
      status: 1,
      lines: [`  no-import-cycles-between-files: ${at(last - 1)} -> ${at(last)} -> ${at(last - 1)}`],
    });
  });
});
