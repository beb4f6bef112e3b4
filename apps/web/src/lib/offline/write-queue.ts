import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import type { EnrollmentDetail, EnrollmentUpdateInput, TakeAttendanceInput } from '@srs/shared/enrollments';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { alreadyMade, call, madeOrNotUnknown, send } from '../http.ts';
import { bodyError, endsSession, HttpError } from '../http-errors.ts';
import { enrollmentKeys, seriesKeys, studentKeys } from '../query-keys.ts';
import { getSessionUser } from '../session.ts';
import { randomKey } from '../write-keys.ts';
import { deleteRows, hasPhoneStore, putRows, readAll, readOne, replaceRow, stores } from './phone-store.ts';
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

let client: QueryClient | null = null;
let owner: number | null = null;
let sending: Promise<void> | null = null;
let lastSeq = 0;
/**
 * How long the server knows the key of a write it made (30 days, apps/server's rememberedForMs): a
 * copy sent again within it is answered, not made again.
 */
const serverKnowsKeysMs = 30 * 24 * 60 * 60 * 1000;

/**
 * The tabs of this browser share one queue on the phone: they send it one at a time (the Web Locks
 * API) and tell each other when it changes, so that a tab never sends, or shows as waiting, what
 * another has sent.
 */
const sendLock = 'srs-offline-send';
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('srs-offline-writes') : null;
if (channel) channel.onmessage = () => void reloadWaiting();

function changed(next: readonly WaitingWrite[], tellOthers = true) {
  showWaiting(next);
  if (tellOthers) channel?.postMessage('changed');
}

const writePaths = [new RegExp(`^${enrollmentEndpoints.update.path.replace(':id', '[1-9][0-9]{0,15}')}$`), new RegExp(`^${enrollmentEndpoints.takeAttendance.path}$`)];

/**
 * A row this app wrote: a PUT of an enrollment's records or of a seminar's attendance with a body.
 * Anything else found in the store (written there by other hands) is never sent with the person's
 * token: the queue does no more than the record forms do.
 */
function isQueued(row: WaitingWrite): boolean {
  const body = row.body as unknown;
  return (
    typeof row.key === 'string' &&
    typeof row.seq === 'number' &&
    row.method === 'PUT' &&
    typeof row.path === 'string' &&
    writePaths.some((path) => path.test(row.path)) &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    typeof row.what === 'object' &&
    row.what !== null
  );
}

/** The person's waiting writes as the phone keeps them now (another tab may have changed them). */
async function readWaiting(userId: number): Promise<WaitingWrite[]> {
  const rows = await readAll<WaitingWrite>(stores.writes).catch(() => [] as WaitingWrite[]);
  const strange = rows.filter((row) => !isQueued(row));
  if (strange.length > 0) await deleteRows(stores.writes, strange.map((row) => row.key)).catch(() => undefined);
  return rows.filter((row) => row.userId === userId && isQueued(row)).sort((a, b) => a.seq - b.seq);
}

/** The person's waiting writes, read from the phone (at start). */
export async function loadWaiting(queryClient: QueryClient, userId: number) {
  client = queryClient;
  owner = userId;
  changed(await readWaiting(userId), false);
  lastSeq = Math.max(lastSeq, ...waitingWrites().map((row) => row.seq));
}

/** Reads the queue again: another tab changed it. */
async function reloadWaiting() {
  // Without a database the queue is this tab's memory alone.
  if (owner === null || !(await hasPhoneStore())) return;
  const userId = owner;
  const rows = await readWaiting(userId);
  if (owner === userId) changed(rows, false);
}

/** Forgets every waiting write (Log out, someone else signed in: the phone store is emptied beside). */
export function forgetWaiting() {
  owner = null;
  changed([]);
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
 * Keeps a write of the person signed in for later, after those they made before. `key`: the key it
 * was sent with already (no answer came), so that the server knows it if it did arrive.
 */
function keepWrite(write: Pick<WaitingWrite, 'path' | 'body' | 'what' | 'base'>, key: string | undefined) {
  const user = getSessionUser();
  if (!user) throw new HttpError('', 401, null);
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return keep({
    ...write,
    key: key ?? randomKey(),
    unanswered: key !== undefined,
    userId: user.id,
    seq: lastSeq,
    madeAt: Date.now(),
    method: 'PUT',
    state: 'waiting',
    reason: null,
  });
}

/** Keeps a write of an enrollment's records (PUT /enrollments/{id}) for later. */
export function keepEnrollmentWrite(id: number, body: EnrollmentUpdateInput, key?: string) {
  const detail = client?.getQueryData<EnrollmentDetail>(enrollmentKeys.detail(id));
  const path = enrollmentEndpoints.update.path.replace(':id', String(id));
  const what = whatIsWritten({ kind: 'enrollment', enrollmentId: id, body }, detail);
  return keepWrite({ path, body, what, base: detail ? enrollmentFingerprint(detail) : null }, key);
}

/** Keeps a seminar's attendance ticks (PUT /enrollments/take_attendance) for later. */
export function keepAttendanceWrite(body: TakeAttendanceInput, seminarId: number | null, key?: string) {
  const what = whatIsWritten({ kind: 'attendance', seminarId, body });
  return keepWrite({ path: enrollmentEndpoints.takeAttendance.path, body, what, base: null }, key);
}

async function update(row: WaitingWrite, patch: Partial<WaitingWrite>) {
  const next = { ...row, ...patch };
  // Sent or dropped by another tab meanwhile: it stays gone.
  const kept = await replaceRow(stores.writes, row.key, next).catch(() => true);
  changed(kept ? waitingWrites().map((other) => (other.key === row.key ? next : other)) : waitingWrites().filter((other) => other.key !== row.key));
  return next;
}

async function remove(row: WaitingWrite) {
  await deleteRows(stores.writes, [row.key]).catch(() => undefined);
  changed(waitingWrites().filter((other) => other.key !== row.key));
}

/** The server's current copy of the write's enrollment has changed since the person saw it. */
async function changedMeanwhile(row: WaitingWrite): Promise<boolean> {
  if (row.base === null || row.what.enrollmentId === null) return false;
  // Sent once and no answer came: the change may be its own. Sent again with its key, a copy the
  // server made is answered, not made twice.
  if (row.unanswered && Date.now() - row.madeAt < serverKnowsKeysMs) return false;
  const current = await call(enrollmentEndpoints.detail, { params: { id: row.what.enrollmentId }, toastErrors: false });
  return enrollmentFingerprint(current) !== row.base;
}

/** Sends a write with its key; its answer, or null when the server says it had made it already. */
async function sendOne(row: WaitingWrite): Promise<unknown> {
  try {
    const response = await send(row.method, row.path, { body: row.body, writeKey: row.key, toastErrors: false });
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch (error) {
    if (error instanceof HttpError && alreadyMade(error.status, error.body)) return null;
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
  return bodyError(error.body) ?? error.handlerText;
}

async function sendAll() {
  // Signed out (the session ended while offline): the writes wait for the same person to sign in.
  if (!getSessionUser()) return;
  // As the phone keeps it now: another tab may have sent some of it.
  await reloadWaiting();
  const blocked = new Set<number>();
  for (const { key } of [...waitingWrites()]) {
    // As it is now: a write made before it may have moved its starting point.
    const row = waitingWrites().find((write) => write.key === key);
    if (!row) continue;
    // The session of the moment: someone else signing in, in another tab, ends the run.
    if (row.userId !== getSessionUser()?.id || isOffline()) return;
    if ((await hasPhoneStore()) && !(await readOne(stores.writes, key).catch(() => true))) {
      changed(waitingWrites().filter((write) => write.key !== key), false);
      continue;
    }
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
      await refreshAfter(row, answer);
    } catch (error) {
      // No answer, or one that does not say: the next try goes with the same key.
      if (noAnswer(error)) {
        await update(row, { unanswered: true });
        return;
      }
      if (!(error instanceof HttpError)) return;
      // The session ended: the person signs in again, and the writes go then.
      if (endsSession(error.status, error.body)) return;
      // The server could not do it now (5xx): the next try goes again.
      if (error.status !== null && error.status >= 500) return;
      await update(row, { state: 'refused', reason: refusalReason(error) });
      if (enrollment !== null) blocked.add(enrollment);
    }
  }
}

/** Runs `work` while no other tab of this browser sends the queue (where the browser can tell). */
function aloneInBrowser(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(sendLock, work).then(() => undefined) : work();
}

/** Sends what waits, in order; one run at a time, in this tab and across the browser's tabs. */
export function sendWaiting(): Promise<void> {
  sending ??= aloneInBrowser(sendAll).finally(() => {
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
