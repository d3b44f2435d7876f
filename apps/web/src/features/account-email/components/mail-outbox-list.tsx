import type { OutboxMail } from '@curtaincall/contracts';
import { Fragment, type ReactNode } from 'react';

const LINK_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** A mail's text with its web addresses as links (the text itself is never HTML). */
function withLinks(text: string): ReactNode[] {
  return text.split(LINK_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={part}
        className="break-all text-rose-300 underline underline-offset-2 hover:text-rose-200"
      >
        {part}
      </a>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/** The outbox, newest first: recipient, subject, time and the whole text of each mail. */
export function MailOutboxList({ mails }: { mails: OutboxMail[] }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="보관된 메일">
      {mails.map((mail) => (
        <li key={mail.id}>
          <article className="rounded-xl border border-surface-700/70 bg-surface-850 p-4">
            <header className="mb-2 flex flex-col gap-1 tablet:flex-row tablet:items-baseline tablet:justify-between">
              <h3 className="font-semibold text-zinc-100">{mail.subject}</h3>
              <time dateTime={mail.createdAt} className="text-xs text-zinc-400">
                {mail.createdAt.replace('T', ' ')}
              </time>
            </header>
            <p className="mb-2 text-sm break-all text-zinc-300">받는 사람: {mail.to}</p>
            <p className="text-sm leading-relaxed whitespace-pre-wrap text-zinc-200">
              {withLinks(mail.text)}
            </p>
          </article>
        </li>
      ))}
    </ol>
  );
}
