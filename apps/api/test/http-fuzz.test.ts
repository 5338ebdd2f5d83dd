import { randomUUID } from 'node:crypto';
import { isErrorCode } from '@schoolledger/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from '../src/lib/request-input.js';
import { useTestApp } from './helper.js';

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[];
  /** Whether the body may be JSON. */
  json: boolean;
  /** The text fields and file parts of a multipart/form-data body, when the operation takes one. */
  multipart: { fields: string[]; files: string[] } | null;
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
  'Ada\u202eObi',
  '\u2066x\u2069',
  '\u200b\u200b',
  '\ufeff',
  '\ud800',
  'a\udfffb',
  "'; drop table users; --",
  '../../etc/passwd',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
/** Percent-encoded; half a surrogate pair, which has no UTF-8, as the bytes a careless client sends for it. */
function urlEncoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ed%a0%80';
  }
}
/** A path or query value: usually encoded, sometimes deliberately broken percent-encoding. */
const urlValue = fc.oneof(
  { weight: 4, arbitrary: text.map(urlEncoded) },
  { weight: 1, arbitrary: fc.constantFrom('%ff%fe', '%', '%zz', '%00', '%c0%af', 'a'.repeat(300)) },
);
const jsonValue = fc.oneof(nasty, fc.jsonValue({ maxDepth: 3 }), fc.double(), fc.integer(), fc.boolean());

interface PropertySchema {
  format?: string;
  anyOf?: PropertySchema[];
}

/** A file part is a binary string, or may be one (the group school's logo: a file or a link). */
const isFile = (schema: PropertySchema): boolean =>
  schema.format === 'binary' || (schema.anyOf ?? []).some((each) => each.format === 'binary');

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
      const body = operation.requestBody as {
        content?: Record<string, { schema?: { properties?: Record<string, PropertySchema> } }>;
      };
      const form = body?.content?.['multipart/form-data']?.schema?.properties;
      const formParts = Object.entries(form ?? {});
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: Object.keys(body?.content?.['application/json']?.schema?.properties ?? {}),
        json: Boolean(body?.content?.['application/json']),
        multipart: form
          ? {
              fields: formParts.filter(([, schema]) => !isFile(schema)).map(([name]) => name),
              files: formParts.filter(([, schema]) => isFile(schema)).map(([name]) => name),
            }
          : null,
      });
    }
  }
  return operations;
}

interface FormPart {
  name: string;
  value: string;
  /** A file part: its name as sent. */
  filename?: string;
}

const BOUNDARY = 'fuzz-boundary-5c2e';

/** A multipart body as a client writes it, the text in UTF-8 (a half surrogate becomes U+FFFD). */
function formPayload(parts: FormPart[]): string {
  const body = parts.map(({ name, value, filename }) => {
    const file = filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: image/png`;
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
  });
  return `${body.join('')}--${BOUNDARY}--\r\n`;
}

/**
 * A multipart body for an operation that takes one: its own fields and files (and strangers), the
 * text nasty; now and then every field carries the same text, so a NUL or an override reaches
 * each one with nothing else wrong.
 */
function formFor(operation: Operation) {
  const { fields, files } = operation.multipart!;
  const known = [...fields, ...files];
  const part = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, fc.constantFrom('x', 'a\u0000b', '')),
    value: text,
    filename: fc.option(fc.oneof(fc.constantFrom('a.png', 'a\u0000.png', '\u202egnp.exe', '\ud800.csv'), fc.string()), {
      nil: undefined,
    }),
  });
  const everyField = text.map((value) => [
    ...fields.map((name) => ({ name, value })),
    ...files.map((name) => ({ name, value, filename: `${value}.png` })),
  ]);
  return fc
    .oneof(fc.array(part, { maxLength: 6 }), everyField)
    .map((parts) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, payload: formPayload(parts) }));
}

/** JSON nested past the limit, under one of the operation's own keys or as the whole body. */
function deepJsonFor(keys: fc.Arbitrary<string>) {
  return fc
    .tuple(fc.integer({ min: MAX_INPUT_DEPTH + 1, max: 40_000 }), fc.boolean(), keys, fc.boolean())
    .map(([depth, arrays, key, underKey]) => {
      const nested = arrays
        ? `${'['.repeat(depth)}${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      return { type: 'application/json', payload: underKey ? `{${JSON.stringify(key)}:${nested}}` : nested };
    });
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
    ...(operation.multipart ? [{ weight: 4, arbitrary: formFor(operation) }] : []),
    deepJsonFor(knownKeys),
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
    const forms = operations.filter((op) => op.multipart);
    expect(forms.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/groupschool/create',
        'PUT /api/v1/groupschool/{id}/update',
        'POST /api/v1/payment/bank-transfer',
        'POST /api/v1/results/import',
        'POST /api/v1/students/import',
        'POST /api/v1/user/profile/upload-picture',
        'POST /api/v1/expenses/{id}/attachments',
        'PUT /api/v1/adjustments/{id}/document',
      ]),
    );
    expect(forms.find((op) => op.path === '/api/v1/groupschool/create')?.multipart).toEqual({
      fields: ['name', 'description'],
      files: ['logo'],
    });
  });

  it('refuses a body nested too deeply with a 400, at every operation that takes JSON', async () => {
    const headers = { ...(await t.as('admin')), 'content-type': 'application/json' };
    const deep = `{"x":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
    const json = operations.filter((op) => op.json);
    expect(json.length).toBeGreaterThan(50);
    for (const operation of json) {
      const url = operation.pathParams.reduce((path, name) => path.replace(`{${name}}`, randomUUID()), operation.path);
      const response = await t.app.inject({ method: operation.method as 'POST', url, headers, payload: deep });
      const where = `${operation.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, where).toBe(400);
      expect(response.json(), where).toEqual({
        success: false,
        message: 'The request is nested too deeply',
        data: null,
        code: 'BAD_REQUEST',
      });
    }
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
          // A form is read whole before anything is kept, so a NUL anywhere in it is never accepted.
          const nulInForm = hasBody && body.type.startsWith('multipart/') && body.payload.includes('\u0000');
          expect(nulInForm && response.statusCode < 400, `${where}: a NUL in a form was accepted`).toBe(false);
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
