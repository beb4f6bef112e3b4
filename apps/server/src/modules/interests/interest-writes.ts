import { notValid } from '@srs/shared/common';
import {
  type Interest,
  type InterestInput,
  type InterestPerson,
  interestMessages,
  type InterestStatus,
  type InterestStatusInput,
} from '@srs/shared/interests';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { insertAudited, updateAudited } from '../../core/audit.ts';
import { today } from '../../core/csv.ts';
import { rows } from '../../core/lists.ts';
import { invalid, notFound } from '../../core/errors.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { interests, series } from '../../db/schema/index.ts';
import { interestById } from './interests.queries.ts';

type InterestRow = typeof interests.$inferSelect;

/** The person's columns as the table names them. */
export function personColumns(input: InterestPerson) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    address2: input.address_2 ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zip_code ?? null,
    country: input.country ?? null,
    seriesId: input.series_id ?? null,
  };
}

/** A series that does not exist is a field error, never a failed foreign key (a 500). */
/**
 * The active courses and seminars of these names, upper or lower case alike: each name (lower
 * case) with the ids of every active series that has it, lowest first. One lookup for the CSV
 * import and the website's intake; what to do with a name two series share is each one's rule.
 */
export async function activeSeriesNamed(db: DbOrTx, names: readonly string[]): Promise<Map<string, number[]>> {
  const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
  const named = new Map<string, number[]>();
  if (wanted.length === 0) return named;
  const found = await rows<{ id: number; name: string }>(
    db.execute(sql`select se.id::int as id, lower(se.name) as name from series se
      where se.active and lower(se.name) in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))
      order by se.id`),
  );
  for (const row of found) named.set(row.name, [...(named.get(row.name) ?? []), row.id]);
  return named;
}

export async function checkSeries(db: DbOrTx, seriesId: number | null | undefined) {
  if (seriesId === null || seriesId === undefined) return;
  const [known] = await db.select({ id: series.id }).from(series).where(eq(series.id, seriesId));
  if (!known) throw invalid({ series_id: [notValid] });
}

/** POST /interests: a person typed in by hand, received today unless another day is given. */
export async function createInterest(db: Db, actor: Actor, input: InterestInput): Promise<Interest> {
  await checkSeries(db, input.series_id);
  const row = await db.transaction((tx) =>
    insertAudited(tx, actor, interests, {
      ...personColumns(input),
      receivedOn: input.received_on ?? today(),
      source: 'manual',
      createdById: actor.userId,
    }),
  );
  return interestById(db, row.id);
}

/** PUT /interests/{id}: the person corrected; where it stands in the funnel is the status's to change. */
export async function updateInterest(db: Db, actor: Actor, id: number, input: InterestInput): Promise<Interest> {
  await checkSeries(db, input.series_id);
  await db.transaction((tx) =>
    updateAudited(tx, actor, interests, id, {
      ...personColumns(input),
      ...(input.received_on ? { receivedOn: input.received_on } : {}),
    }),
  );
  return interestById(db, id);
}

/** Where a closed interest had got to before it was closed. */
function stageReached(row: InterestRow): InterestStatus {
  if (row.enrolledAt) return 'enrolled';
  if (row.contactedAt) return 'contacted';
  if (row.assignedAt) return 'assigned';
  return 'new';
}

/** The columns an action changes, or a 422 when the interest is not where the action can happen. */
function statusChange(row: InterestRow, input: InterestStatusInput): Partial<typeof interests.$inferInsert> | null {
  const day = today();
  if (input.action === 'reopened') {
    if (row.status !== 'closed') throw invalid([interestMessages.notClosed]);
    return { status: stageReached(row), closedAt: null, closedReason: null };
  }
  if (row.status === 'closed') throw invalid([interestMessages.alreadyClosed]);
  if (input.action === 'closed') return { status: 'closed', closedAt: day, closedReason: input.closed_reason ?? null };
  if (row.status === 'new') throw invalid([interestMessages.notAssigned]);
  if (input.action === 'contacted') {
    // Contacted once is contacted: marking it again changes nothing.
    return row.contactedAt ? null : { status: row.status === 'enrolled' ? 'enrolled' : 'contacted', contactedAt: day };
  }
  if (row.enrolledAt) return null;
  return { status: 'enrolled', enrolledAt: day, contactedAt: row.contactedAt ?? day };
}

/** POST /interests/{id}/status: contacted, enrolled, closed (with a reason) or reopened, dated today. */
export async function changeInterestStatus(db: Db, actor: Actor, id: number, input: InterestStatusInput) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(interests).where(eq(interests.id, id)).for('update');
    if (!row) throw notFound('Interest');
    const change = statusChange(row, input);
    if (change) await updateAudited(tx, actor, interests, id, change);
  });
  return interestById(db, id);
}
