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
const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
const sqlRoot = mkdtempSync(path.join(tmpdir(), 'boundaries-sql-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(sqlRoot, { recursive: true, force: true });
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
});
