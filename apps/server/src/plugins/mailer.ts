import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Hands outbox messages (queued with `queueMail` in the transaction of the change) to the job
 * queue after the commit. The server process passes the queue's mailer; an app without a queue
 * (tests, one-off scripts) leaves the messages pending in the outbox, where the queue's start-up
 * sweep finds them later.
 */
export type Mailer = { dispatch: (outboxIds: number[]) => Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const pendingInOutbox: Mailer = { dispatch: async () => {} };

async function mailerPlugin(app: FastifyInstance, { mailer }: { mailer: Mailer }) {
  app.decorate('mailer', mailer);
}

export const mailerDecorator = fp(mailerPlugin, { name: 'mailer' });
