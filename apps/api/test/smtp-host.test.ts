import { createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailOutbox, emailSettings, schools } from '../src/db/schema.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { addressKind } from '../src/modules/email/smtp-host.js';
import { demoEmail, FIRST_SCHOOL, useTestApp } from './helper.js';

const LOCAL_MESSAGE =
  "This SMTP host is on a private network or is this server itself. Use your mail provider's host name; the operator of this SchoolLedger server can allow a mail server on your own network";
const RESERVED_MESSAGE = 'This SMTP host is not an address a mail server can have';

describe('the server reaches only the SMTP hosts it should', () => {
  it('sorts addresses: public ones, this machine and private networks, and those no mail server has', () => {
    const kinds = (addresses: string[], family: 4 | 6) => addresses.map((address) => addressKind(address, family));
    expect(kinds(['8.8.8.8', '41.58.10.2', '102.89.1.1', '172.32.0.1', '100.128.0.1'], 4)).toEqual(
      Array(5).fill('public'),
    );
    expect(kinds(['127.0.0.1', '127.255.1.2', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.10'], 4)).toEqual(
      Array(6).fill('local'),
    );
    expect(kinds(['100.64.0.1', '100.127.255.254'], 4)).toEqual(['local', 'local']);
    expect(
      kinds(
        ['0.0.0.0', '169.254.169.254', '192.0.2.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '255.255.255.255'],
        4,
      ),
    ).toEqual(Array(7).fill('never'));
    expect(kinds(['2a00:1450:4001:80b::200e', '2c0f:f7c0::1'], 6)).toEqual(['public', 'public']);
    expect(
      kinds(['::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1'], 6),
    ).toEqual(Array(6).fill('local'));
    expect(
      kinds(
        [
          '::',
          '::ffff:169.254.169.254',
          'fe80::1',
          'ff02::1',
          '2001:db8::1',
          '64:ff9b::7f00:1',
          '2002:7f00:1::1',
          '::7f00:1',
        ],
        6,
      ),
    ).toEqual(Array(8).fill('never'));
    expect(addressKind('::ffff:8.8.8.8', 6)).toBe('public');
  });

  describe('without the operator allowing private hosts', () => {
    const t = useTestApp();
    const ids = { group: '', school: '' };
    /** A real SMTP-speaking listener on loopback that counts who connects to it. */
    const connections: Socket[] = [];
    const listener = createServer((socket) => {
      connections.push(socket);
      socket.end('220 internal.example ESMTP ready\r\n');
    });
    let loopbackPort = 0;

    beforeAll(async () => {
      loopbackPort = await new Promise<number>((resolve) =>
        listener.listen(0, '127.0.0.1', () => resolve((listener.address() as { port: number }).port)),
      );
      const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
      ids.school = school!.id;
      ids.group = school!.groupSchoolId;
    });
    afterAll(async () => {
      await new Promise((resolve) => listener.close(resolve));
    });

    const save = async (host: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/email/config',
        headers: await t.as('ict'),
        payload: {
          host,
          port: 25,
          secure: false,
          auth: { user: 'bursary@crestview.example', pass: 'smtp-password' },
          from: { name: 'Crestview Bursary', email: 'bursary@crestview.example' },
        },
      });

    it('refuses to save a host on this machine or a private network, however it is written', async () => {
      for (const host of [
        '127.0.0.1',
        'localhost',
        '127.1',
        '2130706433',
        '0x7f.0.0.1',
        '10.0.0.5',
        '172.16.4.20',
        '192.168.1.10',
        '100.64.0.1',
      ]) {
        const response = await save(host);
        expect(response.statusCode, host).toBe(422);
        expect(response.json().errors, host).toEqual([{ field: 'host', message: LOCAL_MESSAGE }]);
      }
      for (const host of ['169.254.169.254', '0.0.0.0', '224.0.0.1', '192.0.2.10']) {
        const response = await save(host);
        expect(response.statusCode, host).toBe(422);
        expect(response.json().errors, host).toEqual([{ field: 'host', message: RESERVED_MESSAGE }]);
      }
      expect(await t.ctx.db.select().from(emailSettings)).toEqual([]);
      expect(await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entity, 'email_settings'))).toEqual([]);
    });

    it('saves a host name it cannot resolve yet: every send checks it again', async () => {
      const response = await save('smtp.crestview.example');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ configured: true, host: 'smtp.crestview.example' });
      const test = await t.app.inject({
        method: 'POST',
        url: '/api/v1/email/test',
        headers: await t.as('ict'),
        payload: { testEmail: 'checker@example.ng' },
      });
      expect(test.json().data).toEqual({
        ok: false,
        message: 'Failed to send test email: The SMTP host could not be found; check its name',
      });
    });

    it('checks the host again at every send: settings that point at loopback reach nothing', async () => {
      // As if saved before this check, or under a name that resolved elsewhere then.
      await t.ctx.db
        .update(emailSettings)
        .set({
          host: '127.0.0.1',
          port: loopbackPort,
          authPassEnc: encryptSecret('smtp-password', t.ctx.encryptionKey),
          updatedAt: new Date(),
        })
        .where(eq(emailSettings.groupSchoolId, ids.group));

      const test = await t.app.inject({
        method: 'POST',
        url: '/api/v1/email/test',
        headers: await t.as('ict'),
        payload: { testEmail: 'checker@example.ng' },
      });
      expect(test.json().data).toEqual({ ok: false, message: `Failed to send test email: ${LOCAL_MESSAGE}` });

      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/email/send',
        headers: await t.as('ict'),
        payload: { to: demoEmail('bursar'), subject: 'Through loopback?' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await t.ctx.mailer.deliverDue();
      const [row] = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Through loopback?'));
      expect(row).toMatchObject({ status: 'retrying', attempts: 1, lastError: LOCAL_MESSAGE });
      expect(connections).toHaveLength(0);
    });
  });
});
