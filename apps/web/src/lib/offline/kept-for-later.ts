import { onlineManager } from '@tanstack/react-query';
import { apiUrl, madeOrNotUnknown } from '../http.ts';
import { bodyError, endsSession, HttpError } from '../http-errors.ts';
import { showHandlerError, showSuccess } from '../toasts.ts';
import { unansweredKey } from '../write-keys.ts';
import { offlineText } from './text.ts';
import type * as WriteQueue from './write-queue.ts';

/**
 * A write kept on the phone to be sent later (issue 30, lib/offline/write-queue.ts): what a form
 * gets back in place of the server's answer. The form closes and says "Waiting to be sent".
 */
export type KeptForLater = { keptForLater: true };

export function isKeptForLater(answer: unknown): answer is KeptForLater {
  return typeof answer === 'object' && answer !== null && (answer as Partial<KeptForLater>).keptForLater === true;
}

type Queue = typeof WriteQueue;
type Write<T> = {
  method: string;
  /** The API path, as `send` takes it ('/enrollments/12'). */
  path: string;
  body: unknown;
  /** Sends it now, with the shared handler's toasts off (the failure is told here). */
  now: () => Promise<T>;
  /** Keeps it in the queue, with the key it already went with when no answer came. */
  later: (queue: Queue, key: string | undefined) => Promise<unknown>;
};

/**
 * An answer that does not say whether the write was made: none at all, a gateway's, or the
 * server's "still being saved". The server's own 503 ("the database cannot be reached just now",
 * issue 26) says it was not: the form shows it and keeps what was typed.
 */
function noAnswerSaid(error: HttpError): boolean {
  if (error.status === null) return true;
  if (error.status === 503 && bodyError(error.body) !== null) return false;
  return madeOrNotUnknown(error.status, error.body);
}

/**
 * Sends a write, or keeps it for later: at once when the phone says it is offline, and when it
 * was sent but no answer came (the signal went on the way: the server may have it, so the kept
 * copy goes with the same key). A refusal is told by the shared handler as before.
 */
export async function sendOrKeep<T>(write: Write<T>): Promise<T | KeptForLater> {
  if (!onlineManager.isOnline()) {
    await write.later(await import('./write-queue.ts'), undefined);
    return { keptForLater: true };
  }
  try {
    return await write.now();
  } catch (error) {
    if (error instanceof HttpError && noAnswerSaid(error)) {
      const key = unansweredKey(write.method, apiUrl(write.path), write.body);
      await write.later(await import('./write-queue.ts'), key);
      return { keptForLater: true };
    }
    if (error instanceof HttpError && !endsSession(error.status, error.body)) showHandlerError(error.handlerText);
    throw error;
  }
}

/** A save's toast: its success sentence, or "Waiting to be sent" for a write kept on the phone. */
export function showSaved(answer: unknown, success: string) {
  showSuccess(isKeptForLater(answer) ? offlineText.t('waitingToBeSent') : success);
}
