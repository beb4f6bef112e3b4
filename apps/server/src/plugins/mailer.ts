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
  app.decorate('mailer', {
    dispatch: async (outboxIds: number[]) => {
      if (outboxIds.length === 0) return;
      try {
        await mailer.dispatch(outboxIds);
      } catch (error) {
        // The change is committed and its mail is safe in the outbox: a queue that cannot take
        // it now must not turn the saved change into an error; the start-up sweep sends it later.
        app.log.error({ err: error, outboxIds }, 'mail: could not hand messages to the job queue');
      }
    },
  });
}

export const mailerDecorator = fp(mailerPlugin, { name: 'mailer' });
