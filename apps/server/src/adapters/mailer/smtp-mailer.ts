import nodemailer from 'nodemailer';
import type { MailerPort } from './mailer';

export interface SmtpMailerOptions {
  /** e.g. `smtps://user:pass@smtp.example.com:465` or `smtp://127.0.0.1:2525` (nodemailer URL). */
  url: string;
  /** The From header, e.g. `커튼콜 <no-reply@example.com>`. */
  from: string;
  /** Connect, greeting and socket limit: a stuck server must not hold mail work for minutes. */
  timeoutMs?: number;
}

/**
 * Mail through an SMTP server with nodemailer, one connection per message: account mail is a
 * few messages a minute, and a fresh connection never trips over a server's idle timeout.
 */
export function createSmtpMailer(options: SmtpMailerOptions): MailerPort {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    delivery: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    async close() {
      transport.close();
    },
  };
}
