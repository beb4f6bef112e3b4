import { loadTokenUser } from '../../src/auth/current-user.ts';
import { type Actor, actorFor } from '../../src/core/actor.ts';
import type { DbOrTx } from '../../src/db/client.ts';

/** The actor a request of this user would carry (their scope resolved as the auth plugin does). */
export async function actorOfUser(db: DbOrTx, userId: number): Promise<Actor> {
  const user = await loadTokenUser(db, userId);
  if (!user) throw new Error(`User ${userId} is inactive or missing`);
  return actorFor(db, user);
}
