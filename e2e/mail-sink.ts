/**
 * The browser tests' mail server: a real SMTP server on loopback that keeps what it receives, and
 * an HTTP endpoint listing it (GET /messages), so a test can read the email a person was sent.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.HTTP_PORT);

interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const received: Received[] = [];

const smtp = new SMTPServer({
  // A school group's own settings sign in (the Email Configuration spec); the app's SMTP_URL does not.
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    callback(null, { user: auth.username });
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          from: mail.from?.text ?? '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  if (request.url === '/messages') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(received));
    return;
  }
  // Playwright waits for this address to answer before it starts the tests.
  response.writeHead(request.url === '/ready' ? 200 : 404);
  response.end();
}).listen(httpPort, '127.0.0.1');
