import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../types.ts';

/** Mail leaves after the commit; if the queue refuses it, the row waits in the outbox for the start-up sweep. */
export async function dispatchMail(app: App, log: FastifyBaseLogger, outboxIds: number[]) {
  if (outboxIds.length === 0) return;
  try {
    await app.mailer.dispatch(outboxIds);
  } catch (error) {
    log.error({ err: error, outboxIds }, 'mail left pending in the outbox');
  }
}
