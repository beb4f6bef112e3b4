import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited, updateAudited } from '../../core/audit.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import type { Visible } from '../../core/records.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';
import type { SchoolCreateInput as CreateSchema, SchoolUpdateInput as UpdateSchema } from '@srs/shared/schools';
import { groupedNumber } from '@srs/shared/numbers';
import { lockVisibleSchool, violates } from './school-access.ts';
import { schoolRules } from './school-rules.ts';

// The shared types are what the web sends; the service reads what the schemas made of it.
type CreateInput = z.output<typeof CreateSchema>;
type UpdateInput = z.output<typeof UpdateSchema>;

const taken = { school_code: ['has already been taken'] };

const addressColumns = (input: Partial<CreateInput>) => ({
  schoolAddress: input.school_address,
  schoolAddress2: input.school_address_2,
  schoolCity: input.school_city,
  schoolState: input.school_state,
  schoolCountry: input.school_country,
  schoolZipCode: input.school_zip_code,
  churchAddress: input.church_address,
  churchAddress2: input.church_address_2,
  churchCity: input.church_city,
  churchState: input.church_state,
  churchCountry: input.church_country,
  churchZipCode: input.church_zip_code,
});

/** Only the fields the request sent: a PUT that sends the city keeps everything else. */
const sent = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

async function assertConference(tx: DbOrTx, id: number) {
  const [found] = await rows<{ id: number }>(tx.execute(sql`select id from conferences where id = ${id}`));
  if (!found) throw invalid({ conference_id: ['is not valid'] });
}

async function assertCodeFree(tx: DbOrTx, code: string, except: number | null) {
  const [found] = await rows<{ id: number }>(
    tx.execute(sql`select id from schools where school_code = ${code} and id is distinct from ${except}`),
  );
  if (found) throw invalid(taken);
}

/** A unique school_code lost to a concurrent write: the same 422 as the check before it. */
async function codeRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violates(error, 'schools_school_code_key')) throw invalid(taken);
    throw error;
  }
}

/** POST /schools (global admins): a new school, without a head school admin until it has admins. */
export function createSchool(db: Db, actor: Actor, input: CreateInput): Promise<number> {
  return codeRace(() =>
    db.transaction(async (tx) => {
      await assertConference(tx, input.conference_id);
      await assertCodeFree(tx, input.school_code, null);
      const school = await insertAudited(tx, actor, schools, {
        schoolCode: input.school_code,
        churchName: input.church_name,
        conferenceId: input.conference_id,
        active: input.active,
        ...addressColumns(input),
      });
      return school.id;
    }),
  );
}

/**
 * PUT /schools/{id}: its admins edit its details and choose its head school admin among its
 * school_admins; a changed school_code or conference is a global admin's (403 for anyone else).
 */
export function updateSchool(db: Db, actor: Actor, id: Visible<'school'>, input: UpdateInput): Promise<void> {
  return codeRace(() =>
    db.transaction(async (tx) => {
      const school = await lockVisibleSchool(tx, actor.scope, id);
      assertAllowed(actor, schoolRules.update, [school]);
      const codeChanged = input.school_code !== undefined && input.school_code !== school.school_code;
      const conferenceChanged = input.conference_id !== undefined && input.conference_id !== school.conference_id;
      if (codeChanged || conferenceChanged) assertAllowed(actor, schoolRules.update_code_and_conference, [school]);
      if (codeChanged) await assertCodeFree(tx, input.school_code as string, school.id);
      if (conferenceChanged) await assertConference(tx, input.conference_id as number);
      if (input.head_school_admin_id !== undefined && input.head_school_admin_id !== null) {
        await assertSchoolAdmin(tx, input.head_school_admin_id, school.id);
      }
      await updateAudited(
        tx,
        actor,
        schools,
        id,
        sent({
          schoolCode: input.school_code,
          churchName: input.church_name,
          conferenceId: input.conference_id,
          active: input.active,
          headSchoolAdminId: input.head_school_admin_id,
          ...addressColumns(input),
        }),
      );
    }),
  );
}

/** The head school admin is one of the school's school_admins (DOMAIN.md). */
async function assertSchoolAdmin(tx: DbOrTx, userId: number, schoolId: number) {
  const [found] = await rows<{ id: number }>(
    tx.execute(sql`select r.id from roles r where r.user_id = ${userId} and r.school_id = ${schoolId}
      and r.role_type = 'school_admin'`),
  );
  if (!found) throw invalid({ head_school_admin_id: ['must be a school admin of this school'] });
}

const plural = (n: number, one: string, many: string) => `${groupedNumber(n)} ${n === 1 ? one : many}`;

/**
 * DELETE /schools/{id} (global admins): only a school without students, and whose seminars have
 * no enrollments (other schools' students may take part in them). The version keeps what the
 * delete took with it: its claimed zips, its roles, what it offered and the seminars it held.
 */
export async function deleteSchool(db: Db, actor: Actor, id: Visible<'school'>): Promise<void> {
  await db.transaction(async (tx) => {
    const school = await lockVisibleSchool(tx, actor.scope, id);
    assertAllowed(actor, schoolRules.destroy, [school]);
    const [counts] = await rows<{ students: number; seminar_enrollments: number }>(
      tx.execute(sql`select (select count(*)::int from students where school_id = ${id}) as students,
        (select count(*)::int from enrollments e join series se on se.id = e.series_id where se.school_id = ${id})
          as seminar_enrollments`),
    );
    if (counts && counts.students > 0) {
      throw invalid(
        `This school still holds ${plural(counts.students, 'student', 'students')}: move them to another school or delete them first.`,
      );
    }
    if (counts && counts.seminar_enrollments > 0) {
      throw invalid(
        `The seminars this school holds still have ${plural(counts.seminar_enrollments, 'enrollment', 'enrollments')}: delete them first.`,
      );
    }
    const [associations] = await rows<Record<string, unknown>>(
      tx.execute(sql`select
        (select coalesce(jsonb_agg(to_jsonb(cz)), '[]') from claimed_zips cz where cz.school_id = ${id}) as claimed_zips,
        (select coalesce(jsonb_agg(to_jsonb(r)), '[]') from roles r where r.school_id = ${id}) as roles,
        (select coalesce(jsonb_agg(to_jsonb(so)), '[]') from series_offered so where so.school_id = ${id}) as series_offered,
        (select coalesce(jsonb_agg(to_jsonb(se)), '[]') from series se where se.school_id = ${id}) as seminars`),
    );
    await deleteAudited(tx, actor, schools, id, { associations });
  });
}
