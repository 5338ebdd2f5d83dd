import { type AddressInfo, createServer, type Server } from 'node:net';
import { EMAIL_HOURLY_LIMIT_PER_SCHOOL } from '@schoolledger/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailOutbox, emailSettings, groupSchools, schools, users } from '../src/db/schema.js';
import { emailRenderer } from '../src/modules/email/email-templates.service.js';
import { bearer, demoEmail, FIRST_SCHOOL, insertUser, login, useTestApp } from './helper.js';

const SMTP_USER = 'bursary@crestview.example';

const listenOnLoopback = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const SMTP_PASS = 'Zoho-app-password-7731';

/** A real SMTP server on loopback that accepts only SMTP_USER with SMTP_PASS, and keeps what it receives. */
function startSmtpServer() {
  const received: { from: string; to: string[]; body: string }[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          body: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  const listening = new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return { server, received, logins, listening };
}

describe('email configuration, templates, sending and statistics', () => {
  const smtp = startSmtpServer();
  let port = 0;
  // The test SMTP servers listen on loopback, which only the operator's setting lets a group use.
  const t = useTestApp({ env: { SMTP_ALLOW_PRIVATE_HOSTS: 'true' } });
  const ids = { group: '', school: '', otherGroup: '' };
  let otherIct: { authorization: string };

  beforeAll(async () => {
    port = await smtp.listening;
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    ids.group = school!.groupSchoolId;
    const [other] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Harmony Schools', description: 'Another group' })
      .returning();
    ids.otherGroup = other!.id;
    const [otherSchool] = await t.ctx.db
      .insert(schools)
      .values({ groupSchoolId: other!.id, name: 'Harmony Academy, Yaba', phoneNumber: '08030000000' })
      .returning();
    await insertUser(t, { email: 'ict@harmony.example', roles: ['ICT_administrator'], schoolId: otherSchool!.id });
    otherIct = bearer((await login(t, 'ict@harmony.example')).json().data.token);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  const call = async (
    who: string | { authorization: string },
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload ? { payload } : {}),
    });

  const settings = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port,
    secure: false,
    auth: { user: SMTP_USER, pass: SMTP_PASS },
    from: { name: 'Crestview Bursary', email: 'bursary@crestview.example' },
    ...overrides,
  });

  async function outboxRow(to: string) {
    const rows = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    return rows.at(-1)!;
  }

  it('shows the Zoho defaults, marked not configured, before anything is saved', async () => {
    const response = await call('ict', 'GET', '/email/config');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      group_school_id: ids.group,
      configured: false,
      host: 'smtp.zoho.com',
      port: 587,
      secure: false,
      auth: { user: '', hasPassword: false },
    });
  });

  it('keeps emails in the outbox while no SMTP server is configured', async () => {
    const response = await call('ict', 'POST', '/email/send', {
      to: demoEmail('bursar'),
      subject: 'Before SMTP',
      templateVariables: { message: 'Kept for reading' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.queued).toBe(1);
    expect(await outboxRow(demoEmail('bursar'))).toMatchObject({ status: 'stored', subject: 'Before SMTP' });
    expect((await outboxRow(demoEmail('bursar'))).text).toContain('Kept for reading');
  });

  it('refuses settings with the SPEC messages, and a first save without a password', async () => {
    const cases: [object, string][] = [
      [settings({ host: '' }), 'SMTP host is required'],
      [settings({ port: 70000 }), 'Invalid port number'],
      [settings({ port: '' }), 'Port is required'],
      [settings({ auth: { user: 'not-an-email', pass: 'x' } }), 'Valid email is required'],
      [settings({ from: { name: '', email: 'bursary@crestview.example' } }), 'Sender name is required'],
      [settings({ auth: { user: SMTP_USER } }), 'Password is required'],
    ];
    for (const [body, message] of cases) {
      const response = await call('ict', 'PUT', '/email/config', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors.map((error: { message: string }) => error.message)).toContain(message);
    }
    expect(await t.ctx.db.select().from(emailSettings)).toHaveLength(0);
  });

  it('saves the settings with the password encrypted, and never shows it again', async () => {
    const saved = await call('ict', 'PUT', '/email/config', settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Email configuration updated successfully!');
    expect(saved.json().data).toMatchObject({
      configured: true,
      host: '127.0.0.1',
      port,
      auth: { user: SMTP_USER, hasPassword: true },
      from: { name: 'Crestview Bursary', email: 'bursary@crestview.example' },
    });
    expect(saved.body).not.toContain(SMTP_PASS);

    const [row] = await t.ctx.db.select().from(emailSettings).where(eq(emailSettings.groupSchoolId, ids.group));
    expect(row!.authPassEnc).toMatch(/^v1\./);
    expect(row!.authPassEnc).not.toContain(SMTP_PASS);

    const read = await call('ict', 'GET', '/email/config');
    expect(read.json().data.auth).toEqual({ user: SMTP_USER, hasPassword: true });
    expect(read.body).not.toContain(SMTP_PASS);

    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entity, 'email_settings'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ host: '127.0.0.1', password: 'set' });
    expect(JSON.stringify(audits)).not.toContain(SMTP_PASS);
    expect(JSON.stringify(audits)).not.toContain(row!.authPassEnc);
  });

  it('sends a test email through the saved settings, from the group sender', async () => {
    const missing = await call('ict', 'POST', '/email/test', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Please enter a test email address');

    const response = await call('ict', 'POST', '/email/test', { testEmail: 'checker@example.ng' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ok: true, message: 'Test email sent successfully!' });
    const mail = smtp.received.find((each) => each.to.includes('checker@example.ng'));
    expect(mail?.from).toBe('bursary@crestview.example');
    expect(mail?.body).toMatch(/From: Crestview Bursary <bursary@crestview\.example>/);
    expect(smtp.logins).toContain(SMTP_USER);
  });

  it('keeps the stored password when a save leaves it out, and uses the new settings at once', async () => {
    const saved = await call(
      'ict',
      'PUT',
      '/email/config',
      settings({
        auth: { user: SMTP_USER, pass: '' },
        from: { name: 'Crestview Accounts', email: 'accounts@crestview.example' },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await call('ict', 'POST', '/email/test', { testEmail: 'second@example.ng' });
    expect(response.json().data).toEqual({ ok: true, message: 'Test email sent successfully!' });
    expect(smtp.received.find((each) => each.to.includes('second@example.ng'))?.body).toMatch(
      /From: Crestview Accounts <accounts@crestview\.example>/,
    );
  });

  it('answers a refused login in our words with the SMTP server’s reply, and no stack', async () => {
    await call('ict', 'PUT', '/email/config', settings({ auth: { user: SMTP_USER, pass: 'wrong-password' } }));
    const response = await call('ict', 'POST', '/email/test', { testEmail: 'third@example.ng' });
    expect(response.statusCode, response.body).toBe(200);
    // The server spoke SMTP and answered our login: its reply helps fix the settings.
    expect(response.json().data).toEqual({
      ok: false,
      message:
        'Failed to send test email: The SMTP server did not accept this user name and password: 535 Invalid username or password',
    });
    expect(response.body).not.toMatch(/at .*\.js:\d+/);
    expect(response.body).not.toContain('wrong-password');
    await call('ict', 'PUT', '/email/config', settings());
  });

  it("keeps each group's settings to itself", async () => {
    const own = await call(otherIct, 'GET', '/email/config');
    expect(own.json().data).toMatchObject({
      group_school_id: ids.otherGroup,
      configured: false,
      host: 'smtp.zoho.com',
    });
    const foreignRead = await call(otherIct, 'GET', `/email/config?group_school_id=${ids.group}`);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.body).not.toContain(SMTP_USER);
    const foreignWrite = await call(otherIct, 'PUT', '/email/config', {
      ...settings({ host: 'evil.example' }),
      group_school_id: ids.group,
    });
    expect(foreignWrite.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(emailSettings).where(eq(emailSettings.groupSchoolId, ids.group));
    expect(row!.host).toBe('127.0.0.1');

    const superAdmin = await call('admin', 'GET', '/email/config');
    expect(superAdmin.statusCode).toBe(422);
    expect(superAdmin.json().message).toBe('Please select a school group');
    const named = await call('admin', 'GET', `/email/config?group_school_id=${ids.group}`);
    expect(named.json().data).toMatchObject({ configured: true, auth: { user: SMTP_USER, hasPassword: true } });

    const bursar = await call('bursar', 'GET', '/email/config');
    expect(bursar.statusCode).toBe(403);
  });

  it("renders the group's own wording of a template, with hostile values escaped", async () => {
    const saved = await call('ict', 'PUT', '/email/templates/payment_reminder', {
      subject: 'Crestview: {{feeName}} is due',
      html: '<p>Dear {{firstName}}, {{feeName}} costs {{formattedAmount}}.</p>',
      text: 'Dear {{firstName}}, {{feeName}} costs {{formattedAmount}}.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      id: 'payment_reminder',
      custom: true,
      variables: ['firstName', 'feeName', 'formattedAmount'],
    });

    const list = await call('ict', 'GET', '/email/templates');
    const templates = list.json().data as { id: string; custom: boolean }[];
    expect(templates.map((template) => template.id)).toEqual([
      'payment_reminder',
      'payment_overdue',
      'payment_success',
      'payment_failed',
      'fee_approved',
      'system_notification',
    ]);
    expect(templates.filter((template) => template.custom).map((template) => template.id)).toEqual([
      'payment_reminder',
    ]);
    // The other group still sends the built-in wording.
    const other = await call(otherIct, 'GET', '/email/templates');
    expect(other.json().data[0]).toMatchObject({ custom: false, subject: 'Payment Reminder: {{feeName}} {{dueText}}' });

    const email = await emailRenderer(t.ctx.db).render(ids.group, 'payment_reminder', {
      firstName: 'Ngozi',
      feeName: '<script>alert("x")</script>',
      formattedAmount: '₦150,000.00',
    });
    expect(email.subject).toBe('Crestview: <script>alert("x")</script> is due');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toBe('Dear Ngozi, <script>alert("x")</script> costs ₦150,000.00.');

    const create = await call('ict', 'POST', '/email/templates', {
      templateId: 'payment_reminder',
      subject: 'x',
      html: 'x',
      text: 'x',
    });
    expect(create.statusCode).toBe(409);

    const reset = await call('ict', 'DELETE', '/email/templates/payment_reminder');
    expect(reset.json().data).toMatchObject({ custom: false, subject: 'Payment Reminder: {{feeName}} {{dueText}}' });
    expect((await emailRenderer(t.ctx.db).render(ids.group, 'payment_reminder', { feeName: 'Bus' })).subject).toBe(
      'Payment Reminder: Bus',
    );
  });

  it('refuses templates that could inject raw values or name unknown variables', async () => {
    const cases: [string, RegExp][] = [
      ['<p>{{{feeName}}}</p>', /^Unescaped values \(\{\{\{ \}\}\} or \{\{& \}\}\) are not allowed in a template$/],
      ['<p>{{& feeName}}</p>', /^Unescaped values/],
      ['<p>{{password}}</p>', /Unknown variable \{\{password\}\}/],
      ['<p>{{#feeName}}open</p>', /Template syntax error/],
      ['<p>{{> header}}</p>', /^Partials/],
    ];
    for (const [html, message] of cases) {
      const response = await call('ict', 'POST', '/email/templates/fee_approved/preview', {
        subject: 'New fee',
        html,
        text: 'text',
      });
      expect(response.statusCode, html).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'html', message: expect.stringMatching(message) }]);
    }
    const tooLong = await call('ict', 'PUT', '/email/templates/fee_approved', {
      subject: 'x'.repeat(201),
      html: 'x',
      text: 'x',
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('previews a draft with a sample fee, student and naira amount', async () => {
    const response = await call('ict', 'POST', '/email/templates/payment_success/preview', {
      subject: 'Received {{formattedAmount}} for {{feeName}}',
      html: '<p>{{studentName}} paid {{formattedAmount}}</p>',
      text: '{{studentName}} paid {{formattedAmount}}',
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json().data;
    expect(preview.subject).toBe('Received ₦150,000.00 for Second Term Tuition');
    expect(preview.html).toContain('<p>Chidi Okafor paid ₦150,000.00</p>');
    expect(preview.text).toBe('Chidi Okafor paid ₦150,000.00');
  });

  it("delivers queued emails through the group's server and counts them in the statistics", async () => {
    const before = (await call('ict', 'GET', '/email/stats')).json().data;
    const sent = await call('ict', 'POST', '/email/send-bulk', {
      emails: [
        {
          to: demoEmail('principal'),
          templateId: 'system_notification',
          subject: 'Staff meeting',
          templateVariables: { message: 'At 3 p.m.' },
        },
        {
          to: demoEmail('bursar').toUpperCase(),
          templateId: 'fee_approved',
          templateVariables: { feeName: 'Bus fare' },
          priority: 'high',
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.queued).toBe(2);
    expect(await outboxRow(demoEmail('principal'))).toMatchObject({ status: 'queued', groupSchoolId: ids.group });
    expect(await t.ctx.mailer.deliverDue()).toMatchObject({ sent: 2 });
    const meeting = smtp.received.find((mail) => mail.to.includes(demoEmail('principal')));
    expect(meeting?.body).toMatch(/Subject: Staff meeting/);
    expect(meeting?.body).toMatch(/From: Crestview Bursary <bursary@crestview\.example>/);
    expect(smtp.received.find((mail) => mail.to.includes(demoEmail('bursar')))?.body).toMatch(
      /Subject: New Fee Available: Bus fare/,
    );
    // A failure the delivery job gave up on.
    await t.ctx.db.insert(emailOutbox).values({
      to: demoEmail('auditor'),
      subject: 'Gave up',
      text: 'x',
      schoolId: ids.school,
      status: 'failed',
      attempts: 5,
    });

    const after = (await call('ict', 'GET', '/email/stats')).json().data;
    expect(after.totalSent - before.totalSent).toBe(3);
    expect(after.totalDelivered - before.totalDelivered).toBe(2);
    expect(after.totalFailed - before.totalFailed).toBe(1);
    expect(after.deliveryRate).toBe(Math.round((after.totalDelivered / after.totalSent) * 1000) / 10);
    expect(after.bounceRate).toBe(0);
    expect(after.smtpConfigured).toBe(true);
    expect(after.recentEmails[0]).toMatchObject({ to: demoEmail('auditor'), status: 'failed' });
    expect(after.recentEmails.length).toBeLessThanOrEqual(10);

    // Another group's statistics hold none of these.
    const other = (await call(otherIct, 'GET', '/email/stats')).json().data;
    expect(other).toMatchObject({ totalSent: 0, totalDelivered: 0, deliveryRate: 0, recentEmails: [] });

    const future = (await call('ict', 'GET', '/email/stats?from=2099-01-01&to=2099-01-31')).json().data;
    expect(future).toMatchObject({ totalSent: 0, deliveryRate: 0, recentEmails: [] });
  });

  it('refuses addresses outside the caller’s schools, so the app is no relay', async () => {
    const stranger = await call('bursar', 'POST', '/email/send', { to: 'stranger@example.com', subject: 'Hi' });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toBe('stranger@example.com is not a member of your school');
    const otherGroup = await call('bursar', 'POST', '/email/send-bulk', {
      emails: [{ to: demoEmail('principal') }, { to: 'ict@harmony.example' }],
    });
    expect(otherGroup.statusCode).toBe(422);
    expect(otherGroup.json().errors).toEqual([
      { field: 'emails.1.to', message: 'ict@harmony.example is not a member of your school' },
    ]);
    const queued = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ict@harmony.example'));
    expect(queued).toHaveLength(0);
    const student = await call('student', 'POST', '/email/send', { to: demoEmail('bursar') });
    expect(student.statusCode).toBe(403);
  });

  it('makes the links of a school’s email itself: a sender cannot point them at another site', async () => {
    const payHere = await call('ict', 'POST', '/email/send', {
      to: demoEmail('bursar'),
      templateId: 'payment_reminder',
      templateVariables: { feeName: 'Tuition', paymentUrl: 'https://evil.example/pay' },
    });
    expect(payHere.statusCode).toBe(422);
    expect(payHere.json().errors).toEqual([
      {
        field: 'templateVariables.paymentUrl',
        message: 'Links in an email are made by SchoolLedger; leave this out',
      },
    ]);
    const logo = await call('ict', 'POST', '/email/send', {
      to: demoEmail('bursar'),
      templateVariables: { message: 'Hello', logoUrl: 'https://tracker.example/pixel.png' },
    });
    expect(logo.statusCode).toBe(422);
    expect(logo.json().errors[0].field).toBe('templateVariables.logoUrl');
    for (const actionUrl of [
      'javascript:alert(document.cookie)',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil',
    ]) {
      const response = await call('ict', 'POST', '/email/send', {
        to: demoEmail('bursar'),
        templateVariables: { message: 'Open it', actionUrl },
      });
      expect(response.statusCode, actionUrl).toBe(422);
      expect(response.json().errors, actionUrl).toEqual([
        { field: 'templateVariables.actionUrl', message: 'Must be a path of this app, such as /student/fees' },
      ]);
    }
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Open it'))).toHaveLength(0);

    const sent = await call('ict', 'POST', '/email/send', {
      to: demoEmail('bursar'),
      subject: 'Your fees page',
      templateVariables: { message: 'See what is owed', actionUrl: '/student/fees' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.ctx.mailer.deliverDue();
    const mail = smtp.received.find((each) => /Subject: Your fees page/.test(each.body));
    // The raw message: quoted-printable soft breaks and `=3D` undone, and Mustache's escaped slashes read as a browser reads them.
    const html = (mail?.body ?? '')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .replaceAll('&#x2F;', '/');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual([
      `${t.ctx.config.appUrl}/student/fees`,
    ]);
  });

  it('tells an open port that is not SMTP from a closed one by nothing, and never repeats what it answered', async () => {
    const banners = [
      'INFO {"server_id":"NBQX5","server_name":"nats-internal","version":"2.10.7","proto":1}\r\n',
      '\x4a\x00\x00\x00\x0a11.4.2-MariaDB-ubu2404\x00',
    ];
    const services = banners.map((banner) => createServer((socket) => socket.end(banner)));
    const ports = await Promise.all(services.map(listenOnLoopback));
    const gone = createServer();
    const closedPort = await listenOnLoopback(gone);
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    try {
      for (const servicePort of [...ports, closedPort]) {
        expect((await call('ict', 'PUT', '/email/config', settings({ port: servicePort }))).statusCode).toBe(200);
        const response = await call('ict', 'POST', '/email/test', { testEmail: 'probe@example.ng' });
        expect(response.json().data, String(servicePort)).toEqual({
          ok: false,
          message: 'Failed to send test email: No SMTP server answered at this host and port',
        });
        expect(response.body).not.toMatch(/nats|2\.10\.7|MariaDB|11\.4/);
      }
      const queued = await call('ict', 'POST', '/email/send', { to: demoEmail('auditor'), subject: 'Probe' });
      expect(queued.statusCode, queued.body).toBe(200);
      await t.ctx.mailer.deliverDue();
      expect(await outboxRow(demoEmail('auditor'))).toMatchObject({
        subject: 'Probe',
        status: 'retrying',
        lastError: 'No SMTP server answered at this host and port',
      });
    } finally {
      await t.ctx.db.delete(emailOutbox).where(eq(emailOutbox.subject, 'Probe'));
      await call('ict', 'PUT', '/email/config', settings());
      await Promise.all(services.map((service) => new Promise((resolve) => service.close(resolve))));
    }
  });

  it("sends a password-reset email through the group's own SMTP server, not only to the outbox", async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: demoEmail('headteacher') },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const reset = async () => {
      const rows = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, demoEmail('headteacher')));
      return rows.find((row) => row.subject === 'Reset your SchoolLedger password' && row.status !== 'queued');
    };
    for (let tries = 0; tries < 100 && !(await reset()); tries++) await new Promise((done) => setTimeout(done, 50));
    expect(await reset()).toMatchObject({ status: 'sent', groupSchoolId: ids.group, sensitive: true });
    const mail = smtp.received.find((each) => each.to.includes(demoEmail('headteacher')));
    expect(mail?.from).toBe('bursary@crestview.example');
    expect(mail?.body).toMatch(/reset-password\?token=/);
  });

  it('takes at most 100 emails a call and a capped number of hand-written emails a school an hour', async () => {
    const tooMany = await call('ict', 'POST', '/email/send-bulk', {
      emails: Array.from({ length: 101 }, () => ({ to: demoEmail('bursar') })),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('At most 100 emails per request');

    const filler = (count: number, sentBy: string | null) =>
      Array.from({ length: count }, (_, n) => ({
        to: `filler${n}@example.ng`,
        subject: 'Filler',
        text: 'x',
        schoolId: ids.school,
        sentBy,
        status: 'sent' as const,
      }));
    // A morning of receipts and reminders is the app's own mail: it leaves the bursar's hourly allowance whole.
    await t.ctx.db.insert(emailOutbox).values(filler(EMAIL_HOURLY_LIMIT_PER_SCHOOL + 50, null));
    const [ict] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('ict')));
    const already = (
      await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.schoolId, ids.school), isNotNull(emailOutbox.sentBy)))
    ).length;
    await t.ctx.db.insert(emailOutbox).values(filler(EMAIL_HOURLY_LIMIT_PER_SCHOOL - already - 1, ict!.id));
    const lastOne = await call('ict', 'POST', '/email/send', { to: demoEmail('bursar'), subject: 'Last one' });
    expect(lastOne.statusCode, lastOne.body).toBe(200);
    const overLimit = await call('ict', 'POST', '/email/send', { to: demoEmail('bursar'), subject: 'One too many' });
    expect(overLimit.statusCode).toBe(429);
    expect(overLimit.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', data: null });
    expect(overLimit.json().message).toMatch(/at most 500 emails an hour/);
    const refused = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'One too many'));
    expect(refused).toHaveLength(0);
  });
});
