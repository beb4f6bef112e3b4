import type { SeriesOffered, SeriesOfferedInput } from '@srs/shared/schools';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import { visibleIds } from '../../core/records.ts';
import { administers, visibleSchool } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { seriesOffered } from '../../db/schema/index.ts';
import { offeredBySql } from '../series/public.ts';
import { lockVisibleSchool, violates } from './school-access.ts';
import { schoolRules } from './school-rules.ts';

type Input = z.output<typeof SeriesOfferedInput>;
type SeriesFacts = { id: number; type: 'Course' | 'Seminar'; active: boolean; school_id: number | null };

/** Admins of the school; for a seminar, admins of its hosting school too (else 403). */
function assertMayOffer(actor: Actor, school: { id: number }, series: { type: string; school_id: number | null }) {
  const hostAdmin = series.type === 'Seminar' && series.school_id !== null && administers(actor.scope, series.school_id);
  if (!hostAdmin) assertAllowed(actor, schoolRules.offer_series, [school]);
}

const alreadyOffered = () => invalid({ series: ['is already offered by this school'] });

/**
 * POST /series_offered: a school offers a course of the catalogue (DOMAIN.md: admins read the
 * catalogue and choose what their schools offer), or takes part in a seminar the user sees. Admins
 * of the school (global admins anywhere); for a seminar also admins of the hosting school, who
 * invite the schools they see.
 */
export async function offerSeries(db: Db, actor: Actor, input: Input): Promise<SeriesOffered> {
  try {
    return await db.transaction(async (tx) => {
      const school = await lockVisibleSchool(tx, actor.scope, input.school_id);
      const [series] = await rows<SeriesFacts>(
        tx.execute(sql`select id, type, active, school_id from series where id = ${input.series_id}`),
      );
      if (!series) throw notFound('Series');
      if (series.type === 'Seminar') {
        const [seen] = await visibleIds(tx, actor.scope, 'series', [series.id]);
        if (seen === undefined) throw notFound('Series');
      }
      assertMayOffer(actor, school, series);
      if (series.school_id === school.id) throw invalid({ series: ['is held by this school'] });
      if (!series.active) throw invalid({ series: ['is not active'] });
      const [existing] = await rows<{ id: number }>(
        tx.execute(sql`select id from series_offered where series_id = ${series.id} and school_id = ${school.id}`),
      );
      if (existing) throw alreadyOffered();
      const row = await insertAudited(tx, actor, seriesOffered, { seriesId: series.id, schoolId: school.id });
      return { id: row.id, series_id: row.seriesId, school_id: row.schoolId };
    });
  } catch (error) {
    if (violates(error, 'series_offered_series_school_key')) throw alreadyOffered();
    throw error;
  }
}

/**
 * DELETE /series_offered/{id}: the school stops offering the course (or taking part in the
 * seminar; the hosting school's admins may end it too). Its students' enrollments in it that were not orphaned become orphaned, history kept,
 * each with its version, in one statement. Out of scope is 404 like a missing one.
 */
export async function stopOffering(db: Db, actor: Actor, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [offer] = await rows<{ id: number; series_id: number; school_id: number; type: string; host_id: number | null }>(
      tx.execute(sql`select so.id, so.series_id, so.school_id, se.type, se.school_id as host_id
        from series_offered so join schools sc on sc.id = so.school_id join series se on se.id = so.series_id
        where so.id = ${id} and ${visibleSchool(actor.scope)}`),
    );
    if (!offer) throw notFound('Series offered');
    const school = await lockVisibleSchool(tx, actor.scope, offer.school_id);
    assertMayOffer(actor, school, { type: offer.type, school_id: offer.host_id });
    // Gone first: a seminar the school still holds stays offered by it, and orphans nothing.
    await deleteAudited(tx, actor, seriesOffered, offer.id);
    const [orphaned] = await rows<{ count: number }>(
      tx.execute(sql`
        with target as (
          select e.* from enrollments e join students s on s.id = e.student_id
          where e.series_id = ${offer.series_id} and s.school_id = ${offer.school_id} and not e.orphaned
            and not ${offeredBySql(sql`e.series_id`, offer.school_id)}
          for update of e
        ), changed as (
          update enrollments e set orphaned = true, updated_at = now() from target t where e.id = t.id returning e.id
        ), audited as (
          insert into versions (item_type, item_id, event, whodunnit, object, object_changes)
          select 'Enrollment', t.id, 'update', ${actor.userId}, to_jsonb(t), '{"orphaned": [false, true]}'::jsonb
          from target t join changed c on c.id = t.id
          returning 1
        )
        select count(*)::int as count from audited`),
    );
    return orphaned?.count ?? 0;
  });
}
