import { spawn } from 'node:child_process';
import { isErrorCode } from '@schoolledger/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_INPUT_DEPTH, unstorableText } from '../src/lib/request-input.js';
import { jsonOf } from '../src/modules/providers/provider.js';
import { demoEmail, useTestApp } from './helper.js';

/** The sign-in body of the report: 78 KB, its email 40,000 arrays deep. */
const DEEP_LOGIN = `{"email":${'['.repeat(40_000)}${']'.repeat(40_000)},"password":"x"}`;

/** Posts the body given eight at a time to the origin given, printing each answer's status, until killed. */
const SENDERS = `
const [origin, body] = process.argv.slice(1);
const send = async () => {
  for (;;) {
    const response = await fetch(origin + '/api/v1/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body,
    });
    await response.text();
    process.stdout.write(response.status + '\\n');
  }
};
for (let sender = 0; sender < 8; sender++) send();
`;

/** How many arrays and objects `value` holds inside one another (a bare string or number: 0). */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('how deeply a JSON body may nest', () => {
  it('the scan of the text agrees with the parsed value, strings with brackets and escapes included', () => {
    const text = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        text,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(text, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), (json, limit) => {
        expect(jsonNestsDeeperThan(JSON.stringify(json), limit)).toBe(depthOf(json) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a NUL or half a surrogate pair and names its path, at any depth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ minLength: 1, maxLength: 5 }), fc.nat({ max: 3 })), { maxLength: 8 }),
        fc.constantFrom('a\u0000b', '\ud800', 'x\udfff'),
        (path, bad) => {
          let data: unknown = bad;
          for (const key of [...path].reverse()) {
            data = typeof key === 'number' ? [...Array(key).fill('ok'), data] : { ok: 'fine', [key]: data };
          }
          const found = unstorableText(data);
          expect(found?.fault).toBe(bad.includes('\u0000') ? 'nul' : 'loneSurrogate');
          expect(found?.field).toBe(path.join('.'));
        },
      ),
    );
    expect(unstorableText({ name: 'Adébáyọ̀ 💸', items: [[{ note: 'fine' }]] })).toBeNull();
  });

  it('a webhook body nested too deeply is not parsed; a provider event still is', () => {
    expect(jsonOf(Buffer.from(`{"data":${'['.repeat(500_000)}${']'.repeat(500_000)}}`))).toBeNull();
    const event = { event: 'charge.success', data: { reference: 'ref-1', metadata: { lines: [{ fee: 'x' }] } } };
    expect(jsonOf(Buffer.from(JSON.stringify(event)))).toEqual(event);
  });
});

describe('no request freezes the server', () => {
  const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  const login = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('a body nested too deeply is a 400 with our envelope; one level less still signs in', async () => {
    const deep = await login(DEEP_LOGIN);
    expect(deep.statusCode, deep.body).toBe(400);
    expect(deep.json()).toEqual({
      success: false,
      message: 'The request is nested too deeply',
      data: null,
      code: 'BAD_REQUEST',
    });

    // The deepest body allowed: the object and its 63 arrays inside one another.
    const allowed = `{"email":"${demoEmail('admin')}","password":"schoolledger","x":${'['.repeat(MAX_INPUT_DEPTH - 1)}${']'.repeat(MAX_INPUT_DEPTH - 1)}}`;
    const signedIn = await login(allowed);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.token).toEqual(expect.any(String));

    const oneTooMany = await login(allowed.replace('"x":[', '"x":[['));
    expect(oneTooMany.statusCode, oneTooMany.body).toBe(400);
    expect(isErrorCode(oneTooMany.json().code)).toBe(true);
  });

  it('brackets inside a string do not count as nesting', async () => {
    const response = await login(JSON.stringify({ email: '['.repeat(10_000), password: 'x' }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[0].field).toBe('email');
  });

  it('/health keeps answering while deep bodies are being posted', async () => {
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // The senders run in a process of their own, as they would on another machine: building and
    // sending their bodies must not count against the server's own event loop.
    const senders = spawn(process.execPath, ['--input-type=module', '-e', SENDERS, origin, DEEP_LOGIN], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const statuses: number[] = [];
    senders.stdout.setEncoding('utf8');
    senders.stdout.on('data', (chunk: string) => {
      for (const status of chunk.split('\n').filter(Boolean)) statuses.push(Number(status));
    });
    let probes = 0;
    let answeredAtFirstProbe = 0;
    try {
      while (statuses.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
      // Probes go on until deep bodies have been answered between them, however busy the machine:
      // the server answers both, turn about. Before, one such body held the event loop for 13 s,
      // so this would outlast the test's time limit.
      while (probes < 15 || statuses.length < answeredAtFirstProbe + 3) {
        const response = await fetch(`${origin}/api/v1/health`);
        await response.text();
        expect(response.status).toBe(200);
        if (probes === 0) answeredAtFirstProbe = statuses.length;
        probes++;
      }
    } finally {
      senders.kill();
    }
    expect(statuses.length).toBeGreaterThanOrEqual(answeredAtFirstProbe + 3);
    expect(new Set(statuses)).toEqual(new Set([400]));
  }, 60_000);
});
