import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import type { EnrollmentDetail, EnrollmentUpdateInput, TakeAttendanceInput } from '@srs/shared/enrollments';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { alreadyMade, call, madeOrNotUnknown, send } from '../http.ts';
import { bodyError, endsSession, handlerMessage, HttpError } from '../http-errors.ts';
import { enrollmentKeys, seriesKeys, studentKeys } from '../query-keys.ts';
import { getSessionUser } from '../session.ts';
import { deleteRows, putRows, readAll, stores } from './phone-store.ts';
import { showWaiting, type WaitingWrite, waitingWrites } from './waiting-store.ts';
import { enrollmentFingerprint, whatIsWritten } from './written.ts';

export { subscribeWaiting, type WaitingState, type WaitingWrite, waitingWrites } from './waiting-store.ts';

/**
 * Writes made without a signal (issue 30, docs/decisions/029): kept on the phone in the order they
 * were made, each with the idempotency key it was given when it was made, and sent in that order
 * once the phone is online and signed in. The server keeps every key (docs/decisions/020), so a
 * write sent twice (an answer lost on the way back) is made once.
 *
 * A write the server refuses (422, 403, 404) or one whose enrollment was changed on the server
 * after the person saw it stays on the phone with the reason until the person sends it again, opens
 * the record to fix it, or drops it: nothing is dropped without them. The writes of an enrollment
 * behind one of those wait for it.
 */

type Answer = { sent: true; body: unknown } | { sent: false };

let client: QueryClient | null = null;
let sending: Promise<void> | null = null;
let lastSeq = 0;

const changed = (next: readonly WaitingWrite[]) => showWaiting(next);

/** The person's waiting writes, read from the phone (at start). */
export async function loadWaiting(queryClient: QueryClient, userId: number) {
  client = queryClient;
  const rows = await readAll<WaitingWrite>(stores.writes).catch(() => [] as WaitingWrite[]);
  changed(rows.filter((row) => row.userId === userId).sort((a, b) => a.seq - b.seq));
  lastSeq = Math.max(lastSeq, ...waitingWrites().map((row) => row.seq));
}

/** Forgets every waiting write (Log out, someone else signed in: the phone store is emptied beside). */
export function forgetWaiting() {
  changed([]);
}

function randomKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** True when a write should be kept for later rather than sent: the phone says it has no connection. */
export const isOffline = () => !onlineManager.isOnline();

/** True for an error that says nothing reached the server, or that it may not have: keep the write. */
export function noAnswer(error: unknown): boolean {
  return error instanceof HttpError && (error.status === null || madeOrNotUnknown(error.status, error.body));
}

async function keep(row: WaitingWrite) {
  await putRows(stores.writes, [row]);
  changed([...waitingWrites(), row]);
  return row;
}

/**
 * Keeps a write of an enrollment's records (PUT /enrollments/{id}) for later. `key`: the key it
 * was sent with already (no answer came), so that the server knows it if it did arrive.
 */
export function keepEnrollmentWrite(id: number, body: EnrollmentUpdateInput, key = randomKey()) {
  const user = getSessionUser();
  if (!user) throw new HttpError('', 401, null);
  const detail = client?.getQueryData<EnrollmentDetail>(enrollmentKeys.detail(id));
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return keep({
    key,
    userId: user.id,
    seq: lastSeq,
    madeAt: Date.now(),
    method: 'PUT',
    path: enrollmentEndpoints.update.path.replace(':id', String(id)),
    body,
    what: whatIsWritten({ kind: 'enrollment', enrollmentId: id, body }, detail),
    base: detail ? enrollmentFingerprint(detail) : null,
    state: 'waiting',
    reason: null,
  });
}

/** Keeps a seminar's attendance ticks (PUT /enrollments/take_attendance) for later. */
export function keepAttendanceWrite(body: TakeAttendanceInput, seminarId: number | null, key = randomKey()) {
  const user = getSessionUser();
  if (!user) throw new HttpError('', 401, null);
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return keep({
    key,
    userId: user.id,
    seq: lastSeq,
    madeAt: Date.now(),
    method: 'PUT',
    path: enrollmentEndpoints.takeAttendance.path,
    body,
    what: whatIsWritten({ kind: 'attendance', seminarId, body }),
    base: null,
    state: 'waiting',
    reason: null,
  });
}

async function update(row: WaitingWrite, patch: Partial<WaitingWrite>) {
  const next = { ...row, ...patch };
  await putRows(stores.writes, [next]).catch(() => undefined);
  changed(waitingWrites().map((other) => (other.key === row.key ? next : other)));
  return next;
}

async function remove(row: WaitingWrite) {
  await deleteRows(stores.writes, [row.key]).catch(() => undefined);
  changed(waitingWrites().filter((other) => other.key !== row.key));
}

/** The server's current copy of the write's enrollment has changed since the person saw it. */
async function changedMeanwhile(row: WaitingWrite): Promise<boolean> {
  if (row.base === null || row.what.enrollmentId === null) return false;
  const current = await call(enrollmentEndpoints.detail, { params: { id: row.what.enrollmentId }, toastErrors: false });
  return enrollmentFingerprint(current) !== row.base;
}

async function sendOne(row: WaitingWrite): Promise<Answer> {
  try {
    const response = await send(row.method, row.path, { body: row.body, writeKey: row.key, toastErrors: false });
    const text = await response.text();
    return { sent: true, body: text === '' ? null : (JSON.parse(text) as unknown) };
  } catch (error) {
    if (error instanceof HttpError && alreadyMade(error.status, error.body)) return { sent: true, body: null };
    throw error;
  }
}

/** What the pages show of an enrollment once its write is made. */
async function refreshAfter(row: WaitingWrite, answer: unknown) {
  if (!client) return;
  const detail = answer as EnrollmentDetail | null;
  if (row.what.enrollmentId !== null && detail && typeof detail === 'object' && 'episode_deliveries' in detail) {
    client.setQueryData(enrollmentKeys.detail(row.what.enrollmentId), detail);
    // The writes made after it on the phone were made on top of it.
    const base = enrollmentFingerprint(detail);
    for (const later of waitingWrites()) {
      if (later.what.enrollmentId === row.what.enrollmentId && later.base !== null) await update(later, { base });
    }
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: studentKeys.all }),
    client.invalidateQueries({ queryKey: enrollmentKeys.all }),
    row.what.seminarId !== null ? client.invalidateQueries({ queryKey: seriesKeys.record(row.what.seminarId) }) : null,
  ]);
}

/** Why the server refused a write, in the person's language (SPEC section 8's words). */
function refusalReason(error: HttpError): string {
  if (error.status === 422 || error.status === 403) return error.handlerText;
  return bodyError(error.body) ?? error.handlerText ?? handlerMessage(error.status, error.body);
}

async function sendAll() {
  const user = getSessionUser();
  // Signed out (the session ended while offline): the writes wait for the same person to sign in.
  if (!user) return;
  const blocked = new Set<number>();
  for (const { key } of [...waitingWrites()]) {
    // As it is now: a write made before it may have moved its starting point.
    const row = waitingWrites().find((write) => write.key === key);
    if (!row) continue;
    if (row.userId !== user.id || isOffline()) return;
    const enrollment = row.what.enrollmentId;
    if (row.state !== 'waiting' || (enrollment !== null && blocked.has(enrollment))) {
      if (enrollment !== null) blocked.add(enrollment);
      continue;
    }
    try {
      if (await changedMeanwhile(row)) {
        await update(row, { state: 'changed', reason: null });
        if (enrollment !== null) blocked.add(enrollment);
        continue;
      }
      const answer = await sendOne(row);
      await remove(row);
      if (answer.sent) await refreshAfter(row, answer.body);
    } catch (error) {
      // No answer, or one that does not say: the next try goes with the same key.
      if (noAnswer(error) || !(error instanceof HttpError)) return;
      // The session ended: the person signs in again, and the writes go then.
      if (endsSession(error.status, error.body)) return;
      // The server could not do it now (5xx): the next try goes again.
      if (error.status !== null && error.status >= 500) return;
      await update(row, { state: 'refused', reason: refusalReason(error) });
      if (enrollment !== null) blocked.add(enrollment);
    }
  }
}

/** Sends what waits, in order; one run at a time. */
export function sendWaiting(): Promise<void> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

/** 'Send again': the person has looked; the write goes as it is, whatever changed meanwhile. */
export async function sendAgain(key: string) {
  const row = waitingWrites().find((other) => other.key === key);
  if (!row) return;
  await update(row, { state: 'waiting', reason: null, base: null });
  await sendWaiting();
}

/** 'Drop': the person chose not to send it. */
export async function dropWrite(key: string) {
  const row = waitingWrites().find((other) => other.key === key);
  if (row) await remove(row);
}
