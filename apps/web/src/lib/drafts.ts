/**
 * Drafts: what a person has typed into a form and not saved yet, kept in this tab's
 * sessionStorage so that a reload does not lose it (issue 25). A draft's key names its user
 * ('draft:<user id>:<name>'), so another person signing in on the browser never reads it; every
 * draft goes at Log out, and those of anyone else when a person signs in (session.ts). The form
 * drops its draft when it is saved or cancelled. Never keep a secret in one.
 */
const prefix = 'draft:';

export function draftKey(name: string, userId: number): string {
  return `${prefix}${userId}:${name}`;
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage the page may not use (a browser's setting): nothing is kept, nothing breaks.
    return null;
  }
}

/** The draft as stored (parsed JSON, to be checked by its reader), or null. */
export function readDraft(name: string, userId: number): unknown {
  const text = tabStorage()?.getItem(draftKey(name, userId));
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function hasDraft(name: string, userId: number): boolean {
  return readDraft(name, userId) !== null;
}

/** Merges `patch` into the stored draft (a draft is one JSON object). */
export function keepDraft(name: string, userId: number, patch: Record<string, unknown>) {
  const stored = readDraft(name, userId);
  const base = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  try {
    tabStorage()?.setItem(draftKey(name, userId), JSON.stringify({ ...base, ...patch }));
  } catch {
    // A full storage: the draft is not kept; the form itself goes on.
  }
}

export function dropDraft(name: string, userId: number) {
  tabStorage()?.removeItem(draftKey(name, userId));
}

/** Every draft of this tab; with `keepUserId`, all but that user's. */
export function dropDrafts(keepUserId?: number) {
  const storage = tabStorage();
  if (!storage) return;
  const own = keepUserId === undefined ? null : `${prefix}${keepUserId}:`;
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
  for (const key of keys) {
    if (key?.startsWith(prefix) && (own === null || !key.startsWith(own))) storage.removeItem(key);
  }
}
