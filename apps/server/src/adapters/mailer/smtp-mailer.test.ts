import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer';

/**
 * The SMTP adapter against a real SMTP server on loopback (smtp-server, from nodemailer's
 * authors): the message must arrive through the protocol, with login, envelope and a Korean
 * subject and body intact.
 */
interface Received {
  mailFrom: string | null;
  rcptTo: string[];
  user: string | undefined;
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    // Loopback without TLS in the test: plain AUTH must be allowed, and STARTTLS not offered.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'curtaincall' && auth.password === 'smtp-secret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('535 Authentication failed'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** RFC 2047 encoded words (`=?UTF-8?B?...?=` / `?Q?`) back to text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded Subject header and text body of a raw single-part message. */
function parseMessage(raw: string): { subject: string; from: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject: decodeHeader(header('Subject')), from: decodeHeader(header('From')), text };
}

describe('SMTP mailer (nodemailer) against an SMTP server on loopback', () => {
  it('logs in with the URL`s credentials and delivers a Korean message to the recipient', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://curtaincall:smtp-secret@127.0.0.1:${port}`,
      from: '커튼콜 <no-reply@curtaincall.test>',
      timeoutMs: 5_000,
    });
    const link =
      'http://localhost:8080/verify-email?token=abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-';
    try {
      expect(mailer.delivery).toBe('smtp');
      await mailer.send({
        to: 'fan@example.com',
        subject: '[커튼콜] 이메일 인증을 완료해주세요',
        text: `안녕하세요, 커튼콜입니다.\n아래 링크를 눌러 인증해주세요.\n${link}\n`,
      });
    } finally {
      await mailer.close();
    }
    const message = received.at(-1);
    expect(message?.user).toBe('curtaincall');
    expect(message?.mailFrom).toBe('no-reply@curtaincall.test');
    expect(message?.rcptTo).toEqual(['fan@example.com']);
    const parsed = parseMessage(message?.raw ?? '');
    expect(parsed.subject).toBe('[커튼콜] 이메일 인증을 완료해주세요');
    expect(parsed.from).toContain('커튼콜');
    expect(parsed.text).toContain('아래 링크를 눌러 인증해주세요.');
    expect(parsed.text).toContain(link);
  });

  it('rejects when the server refuses the login, so the caller can log the failure', async () => {
    const before = received.length;
    const mailer = createSmtpMailer({
      url: `smtp://curtaincall:wrong@127.0.0.1:${port}`,
      from: 'no-reply@curtaincall.test',
      timeoutMs: 5_000,
    });
    try {
      await expect(
        mailer.send({ to: 'fan@example.com', subject: '제목', text: '본문' }),
      ).rejects.toThrow(/auth/i);
    } finally {
      await mailer.close();
    }
    expect(received.length).toBe(before);
  });

  it('rejects when nothing listens at the address, within its timeout', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${freePort}`,
      from: 'no-reply@curtaincall.test',
      timeoutMs: 2_000,
    });
    try {
      await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      await mailer.close();
    }
  });
});
