import type { WrittenWhat } from './written.ts';

/**
 * The writes waiting on the phone, as the pages show them (issue 30): the shell's line, the
 * enrollment's page and the list read this store; lib/offline/write-queue.ts keeps it, the phone's
 * copy and the sending. A module of its own so that what every page loads stays small.
 */

export type WaitingState = 'waiting' | 'refused' | 'changed';

export type WaitingWrite = {
  key: string;
  userId: number;
  /** Order of making. */
  seq: number;
  madeAt: number;
  method: 'PUT';
  path: string;
  body: unknown;
  what: WrittenWhat;
  /** The enrollment as the person saw it when they made the write (a fingerprint), or null: not checked. */
  base: string | null;
  /** Sent once and no answer came: the server may have made it (and knows its key). */
  unanswered?: boolean;
  state: WaitingState;
  reason: string | null;
};

let writes: readonly WaitingWrite[] = [];
const listeners = new Set<() => void>();

/** Replaces the writes shown, and tells the pages. */
export function showWaiting(next: readonly WaitingWrite[]) {
  writes = next;
  for (const listener of listeners) listener();
}

export function subscribeWaiting(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const waitingWrites = (): readonly WaitingWrite[] => writes;
