/** One plain-text mail (our mails are short Korean texts with one link). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where account mail goes: an SMTP server (`SMTP_URL`), or, by default, the outbox table the
 * admin reads at /admin/mail-outbox, so `npm start` needs no mail server.
 */
export interface MailerPort {
  readonly delivery: 'smtp' | 'outbox';
  /** Resolves once the message is handed over (accepted by SMTP, or stored); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
