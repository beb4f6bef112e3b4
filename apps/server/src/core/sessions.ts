/**
 * Who is told, in this process, that users, roles, schools or revocations changed: the session
 * caches (auth/session-cache.ts, docs/decisions/009). Other processes hear the database's notice.
 */
const listeners = new Set<() => void>();

export function onSessionsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by a write that changes who a user is or what they see, before it commits. */
export function sessionsChanged(): void {
  for (const listener of listeners) listener();
}

/** The audited record types whose change can alter a signed-in user or their scope. */
export const sessionItemTypes: ReadonlySet<string> = new Set(['User', 'Role', 'School', 'Conference']);
