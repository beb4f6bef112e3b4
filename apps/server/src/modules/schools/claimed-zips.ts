import { type ClaimedZip, notUsZip, usZip } from '@srs/shared/schools';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClaimedZipInput } from '@srs/shared/schools';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited } from '../../core/audit.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { assertAllowed } from '../../core/permissions.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, visibleSchool } from '../../core/scope.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { claimedZips } from '../../db/schema/index.ts';
import { lockVisibleSchool, schoolLabel, violates } from './school-access.ts';
import { schoolRules } from './school-rules.ts';
import { claimedZipsOf } from './schools.queries.ts';

type Input = z.output<typeof ClaimedZipInput>;

/**
 * Why a zip claimed by another school cannot be claimed: that school by name when the user sees
 * it, else only that another school holds it (a school out of scope is never named).
 */
export async function claimedElsewhere(tx: DbOrTx, scope: Scope, zip: string, schoolId: number): Promise<string | null> {
  const [holder] = await rows<{ school_id: number; school_code: string; church_name: string; seen: boolean }>(
    tx.execute(sql`select sc.id as school_id, sc.school_code, sc.church_name, ${visibleSchool(scope)} as seen
      from claimed_zips cz join schools sc on sc.id = cz.school_id where cz.zip_code = ${zip}`),
  );
  if (!holder) return null;
  if (holder.school_id === schoolId) return 'is already claimed by this school';
  return holder.seen ? `is claimed by ${schoolLabel(holder)}` : 'is claimed by another school';
}

/**
 * POST /schools/{id}/claimed_zips: `{ zip_code }` claims a US zip (ZIP+4 keeps its 5 digits) that
 * no school holds; `{ id, _destroy: true }` gives one of its zips up. Answers its zips after.
 */
export async function changeClaimedZips(
  db: Db,
  actor: Actor,
  id: Visible<'school'>,
  input: Input,
): Promise<ClaimedZip[]> {
  const claimed = (zip: string) => invalid({ zip_code: [zip] });
  try {
    return await db.transaction(async (tx) => {
      const school = await lockVisibleSchool(tx, actor.scope, id);
      assertAllowed(actor, schoolRules.claim_zips, [school]);
      if (input.id !== undefined && input._destroy) {
        const [row] = await rows<{ id: number }>(
          tx.execute(sql`select id from claimed_zips where id = ${input.id} and school_id = ${id}`),
        );
        if (!row) throw notFound('Claimed zip');
        await deleteAudited(tx, actor, claimedZips, row.id);
      } else {
        const zip = usZip(input.zip_code ?? '');
        if (zip === null) throw invalid({ zip_code: [notUsZip] });
        const holder = await claimedElsewhere(tx, actor.scope, zip, id);
        if (holder) throw claimed(holder);
        await insertAudited(tx, actor, claimedZips, { schoolId: id, zipCode: zip });
      }
      return claimedZipsOf(tx, id);
    });
  } catch (error) {
    // Claimed by someone else between the check and the insert: say by whom, as the check would have.
    if (!violates(error, 'claimed_zips_zip_code_key') || (input.id !== undefined && input._destroy)) throw error;
    const zip = usZip(input.zip_code ?? '') as string;
    throw claimed((await claimedElsewhere(db, actor.scope, zip, id)) ?? 'is claimed by another school');
  }
}
