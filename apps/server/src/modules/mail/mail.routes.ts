import { MailboxResponse } from '@srs/shared/mail';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { listMailbox } from './mail.queries.ts';

const mailboxSize = 200;

export async function mailRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/dev/mailbox',
    {
      // Global admins only: the outbox holds personal data of every school.
      config: { roles: ['global_admin'] },
      schema: {
        tags: ['mail'],
        summary: `The development mailbox: the newest ${mailboxSize} messages of the outbox (404 when SMTP_URL is set)`,
        response: { 200: MailboxResponse },
      },
    },
    async () => {
      // With a mail server the outbox is a queue, not a mailbox to read.
      if (env.SMTP_URL) throw notFound('Mailbox');
      return { messages: await listMailbox(db, mailboxSize) };
    },
  );
}
