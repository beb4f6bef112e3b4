import { createHash } from 'node:crypto';
import { type BulkZipImportResponse, type BulkZipRow, bulkZipRowsMax, usZip } from '@srs/shared/schools';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { readCsv, tooManyRows } from '../../core/csv-read.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { administers, type Scope, visibleSchool } from '../../core/scope.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { schoolLabel } from './school-access.ts';

/**
 * POST /schools/bulk_import_zips (docs/decisions.md, "Administration: schools and claimed zips"):
 * every row of a school_code,zip_code file gets a result, accepted or rejected with its reason,
 * from two set-based queries whatever the file's size. The preview applies nothing; the
 * confirmation checks everything again under a lock on claimed_zips and applies the accepted rows
 * in one statement with their versions, or nothing when any result differs from the preview.
 */

type Line = { line: number; school_code: string; zip_code: string; malformed: boolean };
type SchoolFacts = { id: number; school_code: string; church_name: string; seen: boolean };
type ClaimFacts = { zip_code: string; school_id: number; school_code: string; church_name: string; seen: boolean };

export const reasons = {
  malformed: 'Needs two columns: school_code,zip_code',
  notUsZip: 'Not a US zip code (5 digits, or ZIP+4)',
  unknownSchool: 'Unknown school code',
  outOfScope: 'Not one of the schools you administer',
  repeated: (line: number) => `Repeats the zip code of line ${line}`,
  claimedBy: (label: string) => `Claimed by ${label}`,
  claimedElsewhere: 'Claimed by another school',
  unchanged: 'Already claimed by this school',
  changed: 'The claimed zips changed since the preview: preview the file again.',
  tokenMissing: 'Preview the file before applying it.',
};

/**
 * The rows of the file: blank lines and a first line naming the columns are left out. Reading
 * stops one row past the limit: a file over it is refused (413) without being read whole.
 */
export async function parseZipCsv(text: string): Promise<Line[]> {
  // The first line (it may name the columns), then the rows up to one past the limit.
  const { records } = await readCsv(text, { stopAfter: bulkZipRowsMax + 2 });
  const found: Line[] = [];
  records.forEach((record, index) => {
    if (index === 0 && /school_code/i.test(record.fields.join(','))) return;
    const fields = record.fields.map((field) => field.trim());
    const extra = fields.slice(2).some((field) => field !== '');
    found.push({
      line: record.line,
      school_code: fields[0] ?? '',
      zip_code: fields[1] ?? '',
      malformed: fields.length < 2 || extra || fields[0] === '',
    });
  });
  if (found.length > bulkZipRowsMax) throw tooManyRows(bulkZipRowsMax);
  return found;
}

const json = (values: unknown) => JSON.stringify(values);

async function lookups(tx: DbOrTx, scope: Scope, lines: Line[]) {
  const codes = [...new Set(lines.map((line) => line.school_code))];
  const zips = [...new Set(lines.map((line) => usZip(line.zip_code)).filter((zip) => zip !== null))];
  const [schools, claims] = [
    await rows<SchoolFacts>(
      tx.execute(sql`select sc.id, sc.school_code, sc.church_name, ${visibleSchool(scope)} as seen
        from schools sc where sc.school_code in (select jsonb_array_elements_text(${json(codes)}::jsonb))`),
    ),
    await rows<ClaimFacts>(
      tx.execute(sql`select cz.zip_code, sc.id as school_id, sc.school_code, sc.church_name, ${visibleSchool(scope)} as seen
        from claimed_zips cz join schools sc on sc.id = cz.school_id
        where cz.zip_code in (select jsonb_array_elements_text(${json(zips)}::jsonb))`),
    ),
  ];
  return {
    schoolByCode: new Map(schools.map((school) => [school.school_code, school])),
    claimByZip: new Map(claims.map((claim) => [claim.zip_code, claim])),
  };
}

type Result = { rows: BulkZipRow[]; accepted: { school_id: number; zip_code: string }[] };

/** Every row's result; a school the user does not see is unknown to them, exactly like a missing one. */
export async function classify(tx: DbOrTx, scope: Scope, lines: Line[]): Promise<Result> {
  const { schoolByCode, claimByZip } = await lookups(tx, scope, lines);
  const firstLineOfZip = new Map<string, number>();
  const accepted: Result['accepted'] = [];
  const result = lines.map((line): BulkZipRow => {
    const zip = usZip(line.zip_code);
    const school = schoolByCode.get(line.school_code);
    const row = { line: line.line, school_code: line.school_code, zip_code: zip ?? line.zip_code };
    const reject = (reason: string, ref: SchoolFacts | null = null): BulkZipRow => ({
      ...row,
      status: 'rejected',
      reason,
      school: ref ? { id: ref.id, school_code: ref.school_code, church_name: ref.church_name } : null,
    });
    if (line.malformed) return reject(reasons.malformed);
    if (zip === null) return reject(reasons.notUsZip);
    if (!school?.seen) return reject(reasons.unknownSchool);
    if (!administers(scope, school.id)) return reject(reasons.outOfScope, school);
    const earlier = firstLineOfZip.get(zip);
    if (earlier !== undefined) return reject(reasons.repeated(earlier), school);
    firstLineOfZip.set(zip, line.line);
    const claim = claimByZip.get(zip);
    if (claim && claim.school_id !== school.id) {
      return reject(claim.seen ? reasons.claimedBy(schoolLabel(claim)) : reasons.claimedElsewhere, school);
    }
    const ref = { id: school.id, school_code: school.school_code, church_name: school.church_name };
    if (claim) return { ...row, status: 'unchanged', reason: reasons.unchanged, school: ref };
    accepted.push({ school_id: school.id, zip_code: zip });
    return { ...row, status: 'accepted', reason: null, school: ref };
  });
  return { rows: result, accepted };
}

/** What the confirmation must find again: each row's line, result and school. */
function tokenOf(found: BulkZipRow[]): string {
  const hash = createHash('sha256');
  for (const row of found) hash.update(`${row.line}|${row.status}|${row.school?.id ?? ''}|${row.zip_code}\n`);
  return hash.digest('hex');
}

function answer(found: Result, applied: boolean): BulkZipImportResponse {
  const count = (status: BulkZipRow['status']) => found.rows.filter((row) => row.status === status).length;
  return {
    rows: found.rows,
    accepted_count: count('accepted'),
    unchanged_count: count('unchanged'),
    rejected_count: count('rejected'),
    applied,
    preview_token: tokenOf(found.rows),
  };
}

export async function previewZipImport(db: Db, actor: Actor, file: string): Promise<BulkZipImportResponse> {
  return answer(await classify(db, actor.scope, await parseZipCsv(file)), false);
}

/** The confirmation: all the accepted rows in one transaction, or nothing. */
export async function applyZipImport(
  db: Db,
  actor: Actor,
  file: string,
  previewToken: string | undefined,
): Promise<BulkZipImportResponse> {
  if (!previewToken) throw invalid({ preview_token: [reasons.tokenMissing] });
  const lines = await parseZipCsv(file);
  return db.transaction(async (tx) => {
    // No claim may come or go between this check and the insert.
    await tx.execute(sql`lock table claimed_zips in share row exclusive mode`);
    const found = await classify(tx, actor.scope, lines);
    if (tokenOf(found.rows) !== previewToken) throw invalid(reasons.changed);
    if (found.accepted.length > 0) {
      await tx.execute(sql`
        with added as (
          insert into claimed_zips (school_id, zip_code)
          select x.school_id, x.zip_code from jsonb_to_recordset(${json(found.accepted)}::jsonb) as x(school_id int, zip_code text)
          returning *
        )
        insert into versions (item_type, item_id, event, whodunnit, object, object_changes)
        select 'ClaimedZip', a.id, 'create', ${actor.userId}, null,
          jsonb_build_object('id', jsonb_build_array(null, a.id), 'schoolId', jsonb_build_array(null, a.school_id),
            'zipCode', jsonb_build_array(null, a.zip_code))
        from added a`);
    }
    return answer(found, true);
  });
}
