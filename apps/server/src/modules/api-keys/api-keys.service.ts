import type { ApiKey } from '@srs/shared/api-keys';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordVersion } from '../../core/audit.ts';
import type { Actor } from '../../core/actor.ts';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';

/** 'srs_' and 8 characters that find the key (kept, shown), then 40 that prove it (only hashed). */
const keyShape = /^srs_([0-9a-f]{8})([0-9a-f]{40})$/;
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const iso = (value: Date | null) => (value ? value.toISOString() : null);

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  createdBy: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};
type KeyRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; createdBy: string };
const keyOf = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: `srs_${row.prefix}`,
  created_at: row.createdAt.toISOString(),
  created_by: row.createdBy,
  last_used_at: iso(row.lastUsedAt),
  revoked_at: iso(row.revokedAt),
});

/** Every key, newest first (global admins: there is one intake for the network). */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db.select(keyColumns).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).orderBy(desc(apiKeys.id));
  return rows.map(keyOf);
}

/** A new key: the key itself is in the answer once; only its hash and first characters are kept. */
export async function createApiKey(db: Db, actor: Actor, name: string): Promise<{ api_key: ApiKey; key: string }> {
  const prefix = randomBytes(4).toString('hex');
  const key = `srs_${prefix}${randomBytes(20).toString('hex')}`;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId: actor.userId, name, prefix, keyHash: hashOf(key), scopes: ['interests:create'] })
      .returning();
    const { keyHash: _hash, ...kept } = row!;
    await recordVersion(tx, actor, { itemType: 'ApiKey', itemId: row!.id, before: null, after: kept });
    return row!.id;
  });
  const [row] = await db.select(keyColumns).from(apiKeys).innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.id, id));
  return { api_key: keyOf(row!), key };
}

/** Revokes a key: the next call with it is refused (keys are read from the database on every call). */
export async function revokeApiKey(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!before) throw notFound('API key');
    if (before.revokedAt) return;
    const [after] = await tx.update(apiKeys).set({ revokedAt: new Date(), updatedAt: new Date() }).where(eq(apiKeys.id, id)).returning();
    const { keyHash: _b, ...was } = before;
    const { keyHash: _a, ...is } = after!;
    await recordVersion(tx, actor, { itemType: 'ApiKey', itemId: id, before: was, after: is });
  });
}

/** The first characters of a key as sent (they find its row), or null for anything else. */
function keyPrefixOf(key: string | undefined): string | null {
  return key ? (keyShape.exec(key)?.[1] ?? null) : null;
}

/** The live key a request carries, by its first characters and its hash; its last use is noted. Null: refused. */
export async function verifyApiKey(db: Db, key: string | undefined): Promise<{ id: number } | null> {
  const prefix = keyPrefixOf(key);
  if (!key || !prefix) return null;
  const candidates = await db
    .select({ id: apiKeys.id, keyHash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
  const hash = Buffer.from(hashOf(key), 'hex');
  const found = candidates.find((row) => timingSafeEqual(Buffer.from(row.keyHash, 'hex'), hash));
  if (!found) return null;
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, found.id));
  return { id: found.id };
}
