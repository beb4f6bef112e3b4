import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema/index.ts';

/**
 * Key material lives in the database so that every server instance signs and verifies with the
 * same keys (ARCHITECTURE.md: no state in a server process). Created once, on first use.
 */
export async function loadOrCreateKey<T>(db: Db, name: string, create: () => T | Promise<T>): Promise<T> {
  const [existing] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  if (existing) return existing.value as T;
  const value = await create();
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
  const [stored] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return (stored?.value ?? value) as T;
}
