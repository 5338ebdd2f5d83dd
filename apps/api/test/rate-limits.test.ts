import { randomUUID } from 'node:crypto';
import { inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitHits } from '../src/db/schema.js';
import { rateLimitCounter } from '../src/modules/system/rate-limits.queries.js';
import { pruneLogs } from '../src/modules/system/system.service.js';
import { demoEmail, useTestApp } from './helper.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate-limit counts in the database', () => {
  const t = useTestApp();
  const countRateLimitHit = (key: string, windowMs: number) => rateLimitCounter(t.ctx.db)(key, windowMs);
  const keysLike = (prefix: string) =>
    t.ctx.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, `${prefix}%`));

  it('counts a key in its window, with the time left of it, and starts again once it ends', async () => {
    const key = `test:${randomUUID()}`;
    const first = await countRateLimitHit(key, 60_000);
    const second = await countRateLimitHit(key, 60_000);
    expect([first.hits, second.hits]).toEqual([1, 2]);
    expect(first.ttlMs).toBeGreaterThan(55_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect(second.ttlMs).toBeLessThanOrEqual(first.ttlMs);

    const brief = `test:${randomUUID()}`;
    await countRateLimitHit(brief, 50);
    await countRateLimitHit(brief, 50);
    await wait(80);
    expect(await countRateLimitHit(brief, 50)).toMatchObject({ hits: 1 });
  });

  it('loses no count when requests for one key arrive together', async () => {
    const key = `test:${randomUUID()}`;
    const counted = await Promise.all(Array.from({ length: 20 }, () => countRateLimitHit(key, 60_000)));
    expect(counted.map((count) => count.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('the hourly prune forgets windows that ended and keeps the others', async () => {
    const ended = `test:${randomUUID()}`;
    const live = `test:${randomUUID()}`;
    await countRateLimitHit(ended, 1);
    await countRateLimitHit(live, 60_000);
    await wait(20);
    await pruneLogs(t.ctx);
    const left = await t.ctx.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(inArray(rateLimitHits.key, [ended, live]));
    expect(left).toEqual([{ key: live }]);
  });

  it('the API counts there on PostgreSQL (several processes), in memory on the embedded database (one)', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: '203.0.113.7' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '203.0.113.7',
      payload: { email: demoEmail('nobody'), password: 'wrong password' },
    });
    const onServer = t.database.driver === 'postgres';
    expect(await keysLike('ip:203.0.113.7')).toEqual(onServer ? [expect.objectContaining({ hits: 1 })] : []);
    // A route's own limit counts apart from the API-wide one, as the plugin's own store does.
    expect((await keysLike('POST /api/v1/auth/login|')).map((row) => row.key)).toEqual(
      onServer ? ['POST /api/v1/auth/login|auth:203.0.113.7'] : [],
    );
  });
});
