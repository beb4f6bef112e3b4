import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/**
 * The built-in provider keeps its sessions, interactions, grants and codes in the database, so
 * that two server instances behind one address work together (ARCHITECTURE.md).
 */
export function createProviderAdapter(db: Db) {
  return class DatabaseAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.model,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.type, oidcPayloads.id],
          set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
        });
    }

    async find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    async findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    async findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findWhere(condition: ReturnType<typeof eq>) {
      const [row] = await db
        .select({
          payload: oidcPayloads.payload,
          consumedAt: oidcPayloads.consumedAt,
          expiresAt: oidcPayloads.expiresAt,
        })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.model), condition));
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() < Date.now()) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }
  };
}

/** Expired provider records are removed now and then; nothing depends on them after expiry. */
export async function purgeExpiredProviderRecords(db: Db): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(and(sql`${oidcPayloads.expiresAt} is not null`, lt(oidcPayloads.expiresAt, new Date())));
}
