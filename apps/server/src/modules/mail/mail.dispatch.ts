import type { Outcome } from '../../core/outcome.ts';
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

/** An outcome's mail leaves either way; then its refusal is thrown or its value answered (core/outcome.ts). */
export async function settle<T>(app: App, log: FastifyBaseLogger, outcome: Outcome<T>): Promise<T> {
  await dispatchMail(app, log, outcome.outboxIds);
  if (outcome.refused) throw outcome.refused;
  return outcome.value;
}
