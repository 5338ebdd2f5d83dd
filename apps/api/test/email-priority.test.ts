import { describe, expect, it } from 'vitest';
import { claimDueEmails, queueEmails } from '../src/modules/email/email.queries.js';
import { useTestApp } from './helper.js';

describe('the outbox sends what a person is waiting on first', () => {
  const t = useTestApp();

  it('claims a receipt queued after an hourly run of reminders ahead of them', async () => {
    const runAt = new Date('2026-11-24T10:00:00Z');
    const email = (to: string, priority: 'high' | 'normal', due: Date) => ({
      schoolId: null,
      groupSchoolId: null,
      templateId: null,
      to,
      subject: priority === 'high' ? 'Payment Confirmation' : 'Payment reminder',
      text: 'Hello',
      html: null,
      status: 'queued' as const,
      nextAttemptAt: due,
      priority,
      sensitive: false,
    });
    await queueEmails(
      t.ctx.db,
      Array.from({ length: 60 }, (_, n) => email(`parent${n}@example.ng`, 'normal', runAt)),
    );
    await queueEmails(t.ctx.db, [email('waiting.parent@example.ng', 'high', new Date(runAt.getTime() + 42_000))]);

    const now = new Date(runAt.getTime() + 45_000);
    const first = await claimDueEmails(t.ctx.db, now, new Date(now.getTime() + 60_000), 20);
    expect(first).toHaveLength(20);
    expect(first.map((row) => row.to)).toContain('waiting.parent@example.ng');
    expect(first.filter((row) => row.priority === 'high')).toHaveLength(1);
  });
});
