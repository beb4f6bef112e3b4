/**
 * The `Idempotency-Key` every write carries (docs/decisions/020). The server keeps the first
 * answer of a key for a day and answers a repeat with it, writing nothing. A key is new for each
 * write the person means, and the same for the copies they do not mean:
 * - the same write (method, address, body) sent again while the first is still on its way (a
 *   double click or a double tap that slipped past a Save button) carries the first one's key;
 * - the same write sent again after the first got no answer at all (the connection dropped: it
 *   may or may not have been saved) carries that key too, so that trying again is safe.
 * - the same write sent again within 3 seconds of the first one's answer, with nothing else sent to
 *   the address between (the second tap of a double tap that came after a quick answer, while the
 *   dialog was closing), carries that key as well: the server answers it with the first answer.
 * Once another write to an address begins, or 3 seconds have passed since an answer, its writes
 * start afresh: a box ticked, unticked and ticked again is three writes, each with its own key,
 * however fast.
 * An answer that does not say whether the write was made (a gateway's 502 to 504, the server's
 * "still being saved") counts as none.
 */

type Entry = { key: string; path: string; inFlight: number; unsureSince: number | null; answeredAt: number | null };

/** How long a write that got no answer keeps its key for a retry. */
const unsureForMs = 60 * 60 * 1000;
/** How long an answered write keeps its key for the second tap of a double tap. */
export const repeatWindowMs = 3_000;
const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const entries = new Map<string, Entry>();
/** The last write begun for each address (its fingerprint). */
const lastBegun = new Map<string, string>();

export const isWrite = (method: string) => writeMethods.has(method.toUpperCase());

/** A new idempotency key (a write's, or one kept on the phone: lib/offline/write-queue.ts). */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (HTTPS or localhost).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A body as text for comparing writes; a form with a file is never taken for another. */
function bodyText(body: unknown): string | null {
  if (body === undefined) return '';
  if (typeof FormData !== 'undefined' && body instanceof FormData) return null;
  return JSON.stringify(body);
}

export type WriteTicket = {
  key: string;
  /** The server answered (whatever it said): the next same write is a new one. */
  answered: () => void;
  /** No answer came (network error, aborted): the next same write carries this key. */
  unanswered: () => void;
};

/** The key for a write about to be sent, and how to report its outcome. */
export function beginWrite(method: string, url: string, body: unknown): WriteTicket {
  const now = Date.now();
  const text = bodyText(body);
  const path = url.split('?')[0] ?? url;
  if (text === null) return { key: randomKey(), answered: () => {}, unanswered: () => {} };
  const fingerprint = `${method.toUpperCase()} ${url}\n${text}`;
  // Another write to the address begun since (a box unticked): an earlier one's key is not this
  // write's, even with the same body (ticked again while the first tick is on its way).
  if (lastBegun.get(path) !== fingerprint) {
    for (const [other, candidate] of entries) if (candidate.path === path) entries.delete(other);
    lastBegun.set(path, fingerprint);
  }
  let entry = entries.get(fingerprint);
  if (entry && entry.inFlight === 0 && isStale(entry, now)) {
    entries.delete(fingerprint);
    entry = undefined;
  }
  if (!entry) {
    entry = { key: randomKey(), path, inFlight: 0, unsureSince: null, answeredAt: null };
    entries.set(fingerprint, entry);
  }
  entry.inFlight += 1;
  const current = entry;
  return {
    key: current.key,
    answered: () => {
      current.inFlight -= 1;
      if (current.inFlight > 0) return;
      for (const [other, candidate] of entries) {
        if (candidate !== current && candidate.path === current.path && candidate.inFlight === 0) entries.delete(other);
      }
      current.unsureSince = null;
      current.answeredAt = Date.now();
    },
    unanswered: () => {
      current.inFlight -= 1;
      current.unsureSince = Date.now();
      current.answeredAt = null;
    },
  };
}

/** An entry whose key no longer stands for a copy of its write. */
function isStale(entry: Entry, now: number): boolean {
  if (entry.answeredAt !== null) return now - entry.answeredAt > repeatWindowMs;
  return entry.unsureSince !== null && now - entry.unsureSince > unsureForMs;
}

/** Forgets every kept key: at sign-out, so that nothing of one person's writes reaches the next. */
export function forgetWriteKeys(): void {
  entries.clear();
  lastBegun.clear();
}

/**
 * The key a write went with when no answer came for it (the connection dropped on the way), or
 * undefined: a write kept on the phone to be sent later goes with it, so that the server, if the
 * first copy did arrive, answers the second with it instead of making it again.
 */
export function unansweredKey(method: string, url: string, body: unknown): string | undefined {
  const text = bodyText(body);
  if (text === null) return undefined;
  const entry = entries.get(`${method.toUpperCase()} ${url}\n${text}`);
  return entry?.unsureSince !== null ? entry?.key : undefined;
}
