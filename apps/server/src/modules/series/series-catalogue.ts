import type { DecisionOptionInput, EpisodeInput } from '@srs/shared/series';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited, recordVersion } from '../../core/audit.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { decisionOptions, episodes } from '../../db/schema/index.ts';

/**
 * The nested lists of PUT /series/{id} (docs/decisions.md "The course catalogue"): each list comes
 * in the wanted order; array order is the position of the kept items, existing items the list
 * leaves out keep their place after them. An item in use is never deleted: the 422 says how
 * many records hold it (a decision option or a product is retired instead: active false).
 */

type Row = Record<string, unknown> & { id: number };

/** Ids named twice, or not of this series: the request cannot be right. */
export function checkIds(label: string, ids: (number | undefined)[], known: Set<number>) {
  const named = ids.filter((id): id is number => id !== undefined);
  const unknown = named.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalid([`${label} ${unknown.join(', ')} is not part of this series`]);
  if (new Set(named).size !== named.length) throw invalid([`${label} is listed twice`]);
}

/** The order of the kept items: the list's, then the existing ones it leaves out, by position. */
export function keptOrder<T extends { id?: number; _destroy?: boolean }>(
  items: T[],
  existing: { id: number }[],
): (T | { id: number; untouched: true })[] {
  const listed = new Set(items.map((item) => item.id).filter((id) => id !== undefined));
  return [
    ...items.filter((item) => !item._destroy),
    ...existing.filter((row) => !listed.has(row.id)).map((row) => ({ id: row.id, untouched: true as const })),
  ];
}

const times = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** An update of one row with its version, the version's `before` being the row as it was read. */
async function updateWithVersion(tx: DbOrTx, actor: Actor, itemType: string, before: Row, after: Row) {
  await recordVersion(tx, actor, { itemType, itemId: before.id, before, after });
}

const toTime = (value: string | null | undefined) => (value ? value.slice(0, 5) : null);

/** episodes: lessons of a course, presentations of a seminar (with date and time). */
export async function writeEpisodes(
  tx: DbOrTx,
  actor: Actor,
  series: { id: number; type: 'Course' | 'Seminar' },
  items: EpisodeInput[],
) {
  const existing = (await tx
    .select()
    .from(episodes)
    .where(eq(episodes.seriesId, series.id))
    .orderBy(episodes.position, episodes.id)
    .for('update')) as (typeof episodes.$inferSelect)[];
  const byId = new Map(existing.map((row) => [row.id, row]));
  const label = series.type === 'Course' ? 'Lesson' : 'Presentation';
  checkIds(label, items.map((item) => item.id), new Set(byId.keys()));
  const removed = items.filter((item) => item._destroy && item.id !== undefined).map((item) => item.id as number);
  if (removed.length > 0) {
    const uses = await rows<{ id: number; deliveries: number; attendances: number }>(
      tx.execute(sql`select ep.id,
          (select count(*)::int from episode_deliveries d join enrollments e on e.id = d.enrollment_id
            where e.series_id = ep.series_id and d.episode_id = ep.id) as deliveries,
          (select count(*)::int from attendances a where a.episode_id = ep.id) as attendances
        from episodes ep where ep.series_id = ${series.id} and ep.id in (${sql.join(
          removed.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    const refusals = uses
      .filter((use) => use.deliveries + use.attendances > 0)
      .map((use) => {
        const holders = [
          use.deliveries > 0 ? times(use.deliveries, 'lesson sent', 'lessons sent') : null,
          use.attendances > 0 ? times(use.attendances, 'attendance', 'attendances') : null,
        ].filter(Boolean);
        return `${label} "${byId.get(use.id)?.name ?? use.id}" cannot be removed: ${holders.join(' and ')} ${
          use.deliveries + use.attendances === 1 ? 'holds' : 'hold'
        } it`;
      });
    if (refusals.length > 0) throw invalid(refusals);
    for (const id of removed) await deleteAudited(tx, actor, episodes, id);
  }
  const kept = keptOrder(items, existing.filter((row) => !removed.includes(row.id)));
  // Positions are unique per series: move the kept ones out of the way first (no version for that).
  await tx.execute(sql`update episodes set position = -position - 1 where series_id = ${series.id}`);
  for (const [index, item] of kept.entries()) {
    const position = index + 1;
    const before = item.id === undefined ? undefined : byId.get(item.id);
    if (before === undefined) {
      const input = item as EpisodeInput;
      await insertAudited(tx, actor, episodes, {
        seriesId: series.id,
        position,
        name: input.name,
        date: input.date ?? null,
        time: input.time ?? null,
      });
      continue;
    }
    const input = 'untouched' in item ? null : item;
    const changes = {
      position,
      name: input?.name ?? before.name,
      date: input && input.date !== undefined ? input.date : before.date,
      time: input && input.time !== undefined ? input.time : toTime(before.time),
    };
    const [after] = await tx
      .update(episodes)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(episodes.id, before.id))
      .returning();
    await updateWithVersion(tx, actor, 'Episode', before, after as Row);
  }
}

/** decision_options: an option in use is retired (active false), never deleted. */
export async function writeDecisionOptions(
  tx: DbOrTx,
  actor: Actor,
  seriesId: number,
  items: DecisionOptionInput[],
) {
  const existing = (await tx
    .select()
    .from(decisionOptions)
    .where(eq(decisionOptions.seriesId, seriesId))
    .orderBy(decisionOptions.position, decisionOptions.id)
    .for('update')) as (typeof decisionOptions.$inferSelect)[];
  const byId = new Map(existing.map((row) => [row.id, row]));
  checkIds('Decision option', items.map((item) => item.id), new Set(byId.keys()));
  const removed = items.filter((item) => item._destroy && item.id !== undefined).map((item) => item.id as number);
  if (removed.length > 0) {
    const uses = await rows<{ id: number; decisions: number }>(
      tx.execute(sql`select d.decision_option_id as id, count(*)::int as decisions
        from decisions d join enrollments e on e.id = d.cached_enrollment_id
        where e.series_id = ${seriesId} and d.decision_option_id in (${sql.join(
          removed.map((id) => sql`${id}`),
          sql`, `,
        )}) group by d.decision_option_id`),
    );
    const refusals = uses.map(
      (use) =>
        `Decision option "${byId.get(use.id)?.name ?? use.id}" cannot be removed: ${times(
          use.decisions,
          'decision holds',
          'decisions hold',
        )} it. Retire it instead`,
    );
    if (refusals.length > 0) throw invalid(refusals);
    for (const id of removed) await deleteAudited(tx, actor, decisionOptions, id);
  }
  const kept = keptOrder(items, existing.filter((row) => !removed.includes(row.id)));
  for (const [index, item] of kept.entries()) {
    const position = index + 1;
    const before = item.id === undefined ? undefined : byId.get(item.id);
    const input = 'untouched' in item ? null : item;
    if (before === undefined) {
      await insertAudited(tx, actor, decisionOptions, {
        seriesId,
        position,
        name: input?.name ?? '',
        active: input?.active ?? true,
      });
      continue;
    }
    const changes = { position, name: input?.name ?? before.name, active: input?.active ?? before.active };
    if (changes.position === before.position && changes.name === before.name && changes.active === before.active) {
      continue;
    }
    const [after] = await tx
      .update(decisionOptions)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(decisionOptions.id, before.id), eq(decisionOptions.seriesId, seriesId)))
      .returning();
    await updateWithVersion(tx, actor, 'DecisionOption', before, after as Row);
  }
}
