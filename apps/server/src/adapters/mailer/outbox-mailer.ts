import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { MailerPort } from './mailer';

/**
 * The embedded default: mail is kept in the `mail_outbox` table instead of being sent. It is
 * shared by every instance with the database, so the admin page shows it whichever instance
 * wrote it.
 */
export function createOutboxMailer(deps: { db: Database; clock: Clock }): MailerPort {
  return {
    delivery: 'outbox',
    async send(message) {
      await deps.db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        createdAt: deps.clock.now(),
      });
    },
    async close() {},
  };
}
