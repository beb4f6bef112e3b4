import { recordTypeLabel, type VersionEvent, type VersionListQuery, type VersionSummary } from '@srs/shared/versions';
import { type SQL, sql } from 'drizzle-orm';
import { and, cappedCount, keysetPage, type PageKey, rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, visibleVersion } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recordNames } from './version-records.ts';
import { fieldLabel, isShownField } from './version-words.ts';

export type VersionRow = {
  id: number;
  item_type: string;
  item_id: number;
  event: VersionEvent;
  whodunnit: number | null;
  school_id: number | null;
  object: Record<string, unknown> | null;
  object_changes: Record<string, [unknown, unknown]>;
  created_at: string;
  user_first_name: string | null;
  user_last_name: string | null;
};

const columns = sql`v.id::int as id, v.item_type, v.item_id::int as item_id, v.event, v.whodunnit::int as whodunnit,
  v.school_id::int as school_id, v.object, v.object_changes, v.created_at,
  u.first_name as user_first_name, u.last_name as user_last_name`;
const from = sql`from versions v left join users u on u.id = v.whodunnit`;

/** The day after an ISO date: a range 'to' a day takes the whole day. */
const dayAfter = (iso: string) => sql`(${iso}::date + 1)`;

function filters(scope: Scope, query: VersionListQuery): SQL {
  return and([
    visibleVersion(scope),
    query.item_type !== undefined && sql`v.item_type = ${query.item_type}`,
    query.item_id !== undefined && sql`v.item_id = ${query.item_id}`,
    query.whodunnit !== undefined && sql`v.whodunnit = ${query.whodunnit}`,
    query.event !== undefined && sql`v.event = ${query.event}`,
    query.from !== undefined && sql`v.created_at >= ${query.from}::date`,
    query.to !== undefined && sql`v.created_at < ${dayAfter(query.to)}`,
  ]);
}

/** A version in a line: `record` is its record as a person names it (version-records.ts). */
export function summaryOf(row: VersionRow, record: string): VersionSummary {
  return {
    id: row.id,
    item_type: row.item_type,
    item_type_label: recordTypeLabel(row.item_type),
    item_id: row.item_id,
    event: row.event,
    created_at: new Date(row.created_at).toISOString(),
    user:
      row.whodunnit !== null && row.user_first_name !== null
        ? { id: row.whodunnit, first_name: row.user_first_name, last_name: row.user_last_name ?? '' }
        : null,
    record,
    fields:
      row.event === 'update' || row.event === 'erase' ? Object.keys(row.object_changes).filter(isShownField).map(fieldLabel) : [],
  };
}

/** GET /versions: newest first, a page by key (the same cost at any depth), counted up to the cap. */
export async function listVersions(db: DbOrTx, scope: Scope, query: VersionListQuery) {
  const where = filters(scope, query);
  const page = keysetPage(query, [{ expr: sql`v.id` }], 'desc');
  const found = await rows<VersionRow & PageKey>(
    db.execute(sql`select ${columns}, ${page.key} as page_key ${from} where ${where} and ${page.where}
      order by ${page.order} limit ${page.limit} offset ${page.offset}`),
  );
  const count = page.countOf(found) ?? (await cappedCount(db, sql`from versions v`, where));
  const { rows: shown, next_cursor, prev_cursor } = page.finish(found);
  const names = await recordNames(db, scope, shown);
  return { versions: shown.map((row) => summaryOf(row, names.get(row.id)!)), count, next_cursor, prev_cursor };
}

/** One version the record-scope plugin found in the user's scope. */
export async function loadVersion(db: DbOrTx, id: Visible<'version'>): Promise<VersionRow> {
  const [row] = await rows<VersionRow>(db.execute(sql`select ${columns} ${from} where v.id = ${id}`));
  if (!row) throw new Error(`Version ${id} passed its scope check but is gone`);
  return row;
}
