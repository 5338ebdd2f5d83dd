import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fees } from '../src/db/schema.js';
import { demoEmail, useTestApp } from './helper.js';
import { emailsTo } from './notify-support.js';
import { call, loadPaymentIds, payCash } from './payments-support.js';
import { startSmtpServer } from './smtp-server.js';

describe('a cash payment reaches the parent’s mailbox over real SMTP', () => {
  const smtp = startSmtpServer();
  let port = 0;
  beforeAll(async () => {
    port = await smtp.listening;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });
  const t = useTestApp({
    env: {
      get SMTP_URL() {
        return `smtp://127.0.0.1:${port}`;
      },
    },
  });

  it('the bursar records cash for the demo parent’s child; the delivery pass sends the confirmation', async () => {
    const ids = await loadPaymentIds(t);
    // A fee for her alone, so the delivery pass sends only what concerns her family.
    const created = await call(t, 'admin', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name: 'Laboratory levy',
      description: 'Chemistry practicals',
      type: 'miscellaneous',
      amount: '25000',
      appliesTo: 'students',
      student_ids: [ids.student],
      isApproved: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const feeId = created.json().data._id as string;
    const [fee] = await t.ctx.db.select().from(fees).where(eq(fees.id, feeId));
    const payment = await payCash(t, ids.student, feeId, '12500.50', 'bursar');

    const parent = demoEmail('parent');
    const queued = (await emailsTo(t, parent)).filter((row) => row.subject === `Payment Confirmation - ${fee!.name}`);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.status).toBe('queued');

    // The notices' outbox sends emails beside SMS and WhatsApp.
    const pass = await t.ctx.messages.deliverDue();
    expect(pass.failed).toBe(0);
    expect(pass.sent).toBeGreaterThanOrEqual(1);

    const delivered = smtp.received.filter((message) => message.to.includes(parent));
    const parsed = await Promise.all(delivered.map((message) => simpleParser(message.raw)));
    const confirmation = parsed.filter((message) => message.subject === `Payment Confirmation - ${fee!.name}`);
    expect(confirmation).toHaveLength(1);
    const message = confirmation[0]!;
    expect(message.text).toContain('₦12,500.50');
    expect(message.text).toContain(payment.receiptNo);
    expect(message.text).toContain(`${t.ctx.config.appUrl}/student/fees`);
    expect(message.html).toContain('₦12,500.50');
    expect((await emailsTo(t, parent)).find((row) => row.id === queued[0]!.id)?.status).toBe('sent');
  });
});
