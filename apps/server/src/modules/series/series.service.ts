import type { SeriesCreate, SeriesUpdate } from '@srs/shared/series';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { recordVersion } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { serverMessages } from '../../core/i18n.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import { type Visible, visibleOr404 } from '../../core/records.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { series } from '../../db/schema/index.ts';
import { writeDecisionOptions, writeEpisodes } from './series-catalogue.ts';
import { writeProducts } from './series-products.ts';
import { type SeriesFacts, seriesRules } from './series-rules.ts';
import en from '../../locales/series.en.json' with { type: 'json' };
import es from '../../locales/series.es.json' with { type: 'json' };

const seriesText = serverMessages('series', en, es);

type Row = Record<string, unknown>;
/** The model name of a series row in the versions ('series' is its own singular). */
const itemType = 'Series';

/**
 * POST /series: a course (global admins: the catalogue is theirs) or a seminar held by a school
 * the user administers ('School select for a new seminar is required', SPEC section 5). The
 * hosting school is series.school_id, not a series_offered row (contracts: participating schools are).
 */
export async function createSeries(db: Db, actor: Actor, input: SeriesCreate): Promise<number> {
  return db.transaction(async (tx) => {
    let schoolId: number | null = null;
    if (input.type === 'Seminar') {
      schoolId = await visibleOr404(tx, actor.scope, 'school', input.school_id as number);
    } else if (input.school_id !== null && input.school_id !== undefined) {
      throw invalid(['A course belongs to the whole network: choose the schools that offer it on its schools tab']);
    }
    assertAllowed(actor, seriesRules.create, [{ type: input.type, school_id: schoolId }]);
    const [row] = await tx.insert(series).values({
      type: input.type,
      name: input.name,
      description: input.description,
      priority: input.type === 'Course' ? (input.priority ?? false) : false,
      active: input.active ?? true,
      schoolId,
      location: input.location,
    }).returning();
    if (!row) throw notFound('Series');
    await recordVersion(tx, actor, { itemType, itemId: row.id, before: null, after: row });
    return row.id;
  });
}

/** The series row, locked for the write, with the facts its rules read. */
async function lockSeries(tx: DbOrTx, id: Visible<'series'>): Promise<SeriesFacts & { id: number }> {
  const [row] = await rows<SeriesFacts & { id: number }>(
    tx.execute(sql`select id, type, school_id from series where id = ${id} for update`),
  );
  if (!row) throw notFound('Series');
  return row;
}

/** PUT /series/{id}: the fields sent, then each nested list sent, in one transaction. */
export async function updateSeries(db: Db, actor: Actor, id: Visible<'series'>, input: SeriesUpdate) {
  await db.transaction(async (tx) => {
    const facts = await lockSeries(tx, id);
    assertAllowed(actor, seriesRules.update, [facts]);
    const changes = Object.fromEntries(
      Object.entries({
        name: input.name,
        description: input.description,
        priority: facts.type === 'Course' ? input.priority : undefined,
        active: input.active,
        location: input.location,
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length > 0) {
      const [before] = (await tx.select().from(series).where(eq(series.id, id))) as Row[];
      const [after] = (await tx
        .update(series)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(series.id, id))
        .returning()) as Row[];
      await recordVersion(tx, actor, { itemType, itemId: id, before: before ?? null, after: after ?? null });
    }
    if (input.episodes) await writeEpisodes(tx, actor, facts, input.episodes);
    if (input.decision_options) await writeDecisionOptions(tx, actor, id, input.decision_options);
    if (input.products) await writeProducts(tx, actor, id, input.products);
  });
}

/**
 * DELETE /series/{id}: refused while enrollments hold it (their history is the students'); the
 * destroy version keeps the lessons, options and products that go with it.
 */
export async function deleteSeries(db: Db, actor: Actor, id: Visible<'series'>) {
  await db.transaction(async (tx) => {
    const facts = await lockSeries(tx, id);
    assertAllowed(actor, seriesRules.destroy, [facts]);
    const [held] = await rows<{ enrollments: number; interests: number }>(
      tx.execute(sql`select (select count(*)::int from enrollments where series_id = ${id}) as enrollments,
        (select count(*)::int from interests where series_id = ${id}) as interests`),
    );
    const enrollments = held?.enrollments ?? 0;
    const interests = held?.interests ?? 0;
    if (enrollments + interests > 0) {
      // 'This course cannot be deleted: 3 enrollments and 1 interest hold it', in the reader's language.
      const values = { kind: facts.type, enrollments, interests, total: enrollments + interests };
      throw invalid([seriesText('en', 'cannotDelete', values)], (language) => [seriesText(language, 'cannotDelete', values)]);
    }
    const [catalogue] = await rows<Record<string, unknown>>(
      tx.execute(sql`select
        (select coalesce(json_agg(json_build_object('id', ep.id, 'position', ep.position, 'name', ep.name)
          order by ep.position), '[]') from episodes ep where ep.series_id = ${id}) as episodes,
        (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'active', o.active)
          order by o.position), '[]') from decision_options o where o.series_id = ${id}) as decision_options,
        (select coalesce(json_agg(sp.product_offer_id order by sp.position), '[]')
          from series_products sp where sp.series_id = ${id}) as product_offer_ids,
        (select coalesce(json_agg(so.school_id), '[]') from series_offered so where so.series_id = ${id})
          as offered_by_school_ids`),
    );
    const [before] = (await tx.delete(series).where(eq(series.id, id)).returning()) as Row[];
    await recordVersion(tx, actor, {
      itemType,
      itemId: id,
      before: { ...before, associations: catalogue ?? {} },
      after: null,
    });
  });
}
