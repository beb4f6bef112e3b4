import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema/index.ts';

/**
 * Key material lives in the database so that every server instance signs and verifies with the
 * same keys (ARCHITECTURE.md: no state in a server process). Created once, on first use.
 */
/** A kept key, or null when none was ever made. */
export async function loadKey<T>(db: Db, name: string): Promise<T | null> {
  const [existing] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return existing ? (existing.value as T) : null;
}

export async function loadOrCreateKey<T>(db: Db, name: string, create: () => T | Promise<T>): Promise<T> {
  const existing = await loadKey<T>(db, name);
  if (existing !== null) return existing;
  const value = await create();
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
  const [stored] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return (stored?.value ?? value) as T;
}
