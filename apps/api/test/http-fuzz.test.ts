import { isErrorCode } from '@schoolledger/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[];
}

/** Signing out would end the fuzzing session itself; it takes no input anyway. */
const SKIPPED = new Set(['POST /api/v1/auth/logout']);
/** Enough to reach every operation several times and stay well under a minute on two cores. */
const RUNS_PER_OPERATION = 6;

/** Text that broke the server before, or that a parser might choke on. */
const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '10.999',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  '💸',
  '\u202e',
  "'; drop table users; --",
  '../../etc/passwd',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
/** A path or query value: usually encoded, sometimes deliberately broken percent-encoding. */
const urlValue = fc.oneof(
  { weight: 4, arbitrary: text.map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom('%ff%fe', '%', '%zz', '%00', '%c0%af', 'a'.repeat(300)) },
);
const jsonValue = fc.oneof(nasty, fc.jsonValue({ maxDepth: 3 }), fc.double(), fc.integer(), fc.boolean());

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
      const body = operation.requestBody as { content?: Record<string, { schema?: { properties?: object } }> };
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: Object.keys(body?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** A malformed request for one operation: broken path parameters, query and body. */
function requestFor(operation: Operation) {
  const pathValues = fc.tuple(...operation.pathParams.map(() => urlValue));
  const query = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...operation.queryParams, 'unknown'), fc.string({ maxLength: 8 })), urlValue),
    { maxLength: 4 },
  );
  const knownKeys = operation.bodyProperties.length ? fc.constantFrom(...operation.bodyProperties) : fc.constant('x');
  const body = fc.oneof(
    fc.dictionary(fc.oneof(knownKeys, fc.string({ maxLength: 8 })), jsonValue, { maxKeys: 6 }).map((value) => ({
      type: 'application/json',
      payload: JSON.stringify(value),
    })),
    jsonValue.map((value) => ({ type: 'application/json', payload: JSON.stringify(value) ?? 'null' })),
    fc.constantFrom('{"a":', '\u0000', '', '[[[[[[[[', '{"__proto__": {"x": 1}}').map((payload) => ({
      type: 'application/json',
      payload,
    })),
    fc.string({ maxLength: 200 }).map((payload) => ({ type: 'multipart/form-data', payload })),
    fc.string({ maxLength: 200 }).map((payload) => ({ type: 'multipart/form-data; boundary=xyz', payload })),
    fc.string({ maxLength: 50 }).map((payload) => ({ type: 'text/plain', payload })),
  );
  return fc.record({ pathValues, query, body });
}

describe('fuzzing every operation of the OpenAPI document', () => {
  // Thousands of requests in a minute from one admin: the limit is not what this test is about.
  const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  let operations: Operation[] = [];

  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    operations = operationsOf(response.json());
  });

  it('reads the operations from the document', () => {
    expect(operations.length).toBeGreaterThan(120);
    expect(operations.filter((op) => op.method !== 'GET').length).toBeGreaterThan(50);
    expect(operations.some((op) => op.bodyProperties.includes('school_id'))).toBe(true);
  });

  it('never answers 500, and every error carries our envelope', async () => {
    const headers = await t.as('admin');
    let sent = 0;
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async ({ pathValues, query, body }) => {
          let url = operation.path;
          operation.pathParams.forEach((name, index) => {
            url = url.replace(`{${name}}`, pathValues[index]!);
          });
          if (query.length) url += `?${query.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')}`;
          const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url,
            headers: { ...headers, ...(hasBody ? { 'content-type': body.type } : {}) },
            ...(hasBody ? { payload: body.payload } : {}),
          });
          sent++;
          const where = `${operation.method} ${url} ${hasBody ? body.payload.slice(0, 200) : ''} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const json = JSON.parse(response.body) as Record<string, unknown>;
            expect(json.success, where).toBe(false);
            expect(typeof json.message, where).toBe('string');
            expect(json.data, where).toBeNull();
            expect(isErrorCode(json.code), where).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(operations.length * RUNS_PER_OPERATION);
  }, 180_000);
});
