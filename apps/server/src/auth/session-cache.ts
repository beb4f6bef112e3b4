import type { TokenUser } from '@srs/shared/roles';
import type { Actor } from '../core/actor.ts';
import { onSessionsChanged } from '../core/sessions.ts';
import type { Database } from '../db/client.ts';

/** What a signed-in call needs before its handler: who the user is, what they may see, and their session generation. */
export type Session = { user: TokenUser; actor: Actor; generation: number };

export type SessionCache = {
  /** The session of a token, or undefined: then load it, and `keep` it with the ticket `ticket()` gave before loading. */
  get: (jti: string) => Session | undefined;
  ticket: () => number;
  keep: (jti: string, session: Session, ticket: number) => void;
  /** Forgets every session of this process now; other instances hear it from the database. */
  clear: () => void;
  close: () => Promise<void>;
};

/** The channel the database triggers of migration 0004 notify (roles, users, schools, conferences, revocations). */
export const sessionsChannel = 'srs_sessions';

/**
 * The signed-in user and their scope per token (docs/decisions/009): a call with a known token
 * costs no query. Every instance empties its cache when the database notifies a change of who a
 * user is or what they see, and caches nothing while it cannot hear those notices, so sign-out,
 * a deactivation or a role taken away still stop the very next call on every instance.
 */
export async function createSessionCache(database: Database, maxEntries = 20_000): Promise<SessionCache> {
  const entries = new Map<string, Session>();
  let listening = false;
  // A load that began before a change must not store what it read: the change bumps the generation.
  let generation = 0;
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const stop = await database.listen(sessionsChannel, {
    notice: clear,
    up: () => {
      clear();
      listening = true;
    },
    down: () => {
      listening = false;
      clear();
    },
  });
  // A change this process makes is forgotten at once, before it commits: its next call reloads.
  const unsubscribe = onSessionsChanged(clear);
  return {
    get: (jti) => (listening ? entries.get(jti) : undefined),
    ticket: () => generation,
    keep: (jti, session, ticket) => {
      if (!listening || ticket !== generation) return;
      // Oldest first out: a Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(jti, session);
    },
    clear,
    close: async () => {
      unsubscribe();
      await stop();
    },
  };
}
