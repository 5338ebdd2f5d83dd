import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The shape issue 10 gave payments: sub-modules of the usual files, SQL only in queries files,
 * and a webhook route that only forwards. That providers depend on no other module is an import
 * rule, kept with the others by `npm run lint:deps` (scripts/check-boundaries.mjs).
 */

const modulesDir = path.resolve(import.meta.dirname, '../src/modules');
const paymentsDir = path.join(modulesDir, 'payments');

const IMPORT = /\b(?:import|export)\b\s*(?:type\b\s*)?(?:[\w*{}\s,$]+?\bfrom\s*)?['"]([^'"]+)['"]/g;
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1]!);
const tsFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
/** A query started on the database or a transaction (a digest's `.update(` is not one). */
const SQL_CALL = /\b(?:db|tx)\s*\.\s*(?:select|insert|update|delete|execute)\s*\(/;

describe('payments modules', () => {
  it('sub-modules keep their files small: median under 150 lines, none over 400', () => {
    const sizes = tsFiles(paymentsDir).map((file) => ({
      file: path.relative(modulesDir, file),
      lines: readFileSync(file, 'utf8').split('\n').length,
    }));
    expect(sizes.length).toBeGreaterThan(20);
    expect(sizes.filter((size) => size.lines > 400)).toEqual([]);
    const sorted = sizes.map((size) => size.lines).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(150);
  });

  it('SQL lives in the queries files of payments', () => {
    const files = tsFiles(paymentsDir);
    const queries = files.filter((file) => file.endsWith('.queries.ts'));
    expect(queries.filter((file) => SQL_CALL.test(readFileSync(file, 'utf8'))).length).toBeGreaterThan(5);
    const elsewhere = files
      .filter((file) => !file.endsWith('.queries.ts'))
      .filter((file) => SQL_CALL.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(modulesDir, file));
    expect(elsewhere).toEqual([]);
  });

  it('the webhook route forwards to handleWebhook and reads nothing itself', () => {
    const routes = path.join(paymentsDir, 'online/online.routes.ts');
    const source = readFileSync(routes, 'utf8');
    expect(source).toContain('handleWebhook(app.ctx, method, raw, request.headers, admit)');
    expect(source).not.toMatch(/parseWebhook|recordWebhook|webhookProviderFor|providerFor/);
    expect(importsOf(routes).filter((specifier) => /providers|payment-profiles|queries/.test(specifier))).toEqual([]);
  });
});
