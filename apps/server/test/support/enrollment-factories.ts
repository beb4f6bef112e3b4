import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  decisionOptions,
  episodes,
  productOffers,
  series,
  seriesProducts,
  versions,
} from '../../src/db/schema/index.ts';
import type { TestContext } from './app.ts';

const unique = () => randomBytes(4).toString('hex');

/** A seminar held by a school, with dated presentations. */
export async function createSeminar(
  db: Db,
  schoolId: number,
  presentations = 3,
  overrides: Partial<typeof series.$inferInsert> = {},
) {
  const [seminar] = await db
    .insert(series)
    .values({ type: 'Seminar', name: `Seminar ${unique()}`, schoolId, ...overrides })
    .returning();
  const rows = await db
    .insert(episodes)
    .values(
      Array.from({ length: presentations }, (_, i) => ({
        seriesId: seminar!.id,
        position: i + 1,
        name: `Presentation ${i + 1}`,
        date: `2026-03-0${i + 1}`,
        time: '19:30',
      })),
    )
    .returning();
  return { seminar: seminar!, presentations: rows };
}

export async function createDecisionOptions(db: Db, seriesId: number, names: string[]) {
  return db
    .insert(decisionOptions)
    .values(names.map((name, i) => ({ seriesId, name, position: i + 1 })))
    .returning();
}

export async function createDecisionOption(db: Db, seriesId: number, name: string) {
  const [option] = await createDecisionOptions(db, seriesId, [name]);
  return option!;
}

export async function createProductOffer(
  db: Db,
  seriesId: number | null,
  overrides: Partial<typeof productOffers.$inferInsert> = {},
) {
  const [offer] = await db
    .insert(productOffers)
    .values({ name: `Product ${unique()}`, defaultPrice: '4.50', ...overrides })
    .returning();
  if (seriesId !== null) await db.insert(seriesProducts).values({ seriesId, productOfferId: offer!.id });
  return offer!;
}

/** The versions of one record, oldest first. */
export async function versionsOf(db: Db, itemType: string, itemId: number) {
  return db
    .select()
    .from(versions)
    .where(and(eq(versions.itemType, itemType), eq(versions.itemId, itemId)))
    .orderBy(versions.id);
}

export async function versionCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(versions);
  return row?.count ?? 0;
}

/** Today in the server's zone (YYYY-MM-DD), as the follow-up rule reads it. */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The day `days` from today (negative: before it), YYYY-MM-DD in the server's zone. */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A small JSON client over app.inject for one signed-in user. */
export function clientFor(t: TestContext, email: string | null) {
  const request = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const headers = email ? await t.headersFor(email) : {};
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
  return {
    get: (url: string) => request('GET', url),
    post: (url: string, payload: unknown) => request('POST', url, payload),
    put: (url: string, payload: unknown) => request('PUT', url, payload),
    delete: (url: string) => request('DELETE', url),
  };
}
