import type { TokenUser } from '@srs/shared/roles';
import type { DbOrTx } from '../db/client.ts';
import { resolveScope, type Scope } from './scope.ts';

/**
 * Who is acting, one per request: what they may see (every query takes `actor.scope`) and whom
 * the audit trail names (the `versions.whodunnit` column holds `actor.userId`).
 */
export type Actor = { userId: number; scope: Scope };

export async function actorFor(db: DbOrTx, user: TokenUser): Promise<Actor> {
  return { userId: user.id, scope: await resolveScope(db, user) };
}
