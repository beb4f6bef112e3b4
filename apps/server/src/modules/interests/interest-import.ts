import { createHash } from 'node:crypto';
import { parseDateText } from '@srs/shared/dates';
import { humanize } from '@srs/shared/messages';
import {
  interestImportColumns,
  interestImportRowsMax,
  type InterestImportResponse,
  type InterestImportRow,
  InterestInput,
} from '@srs/shared/interests';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { itemTypeOf, recordVersions } from '../../core/audit.ts';
import { today } from '../../core/csv.ts';
import { readCsv, tooManyRows } from '../../core/csv-read.ts';
import { invalid, validationBody } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { interests } from '../../db/schema/index.ts';
import { activeSeriesNamed, personColumns } from './interest-writes.ts';

/**
 * POST /interests/import (issue 12; docs/decisions/018): a CSV of people who asked for Bible
 * studies. Its first line names the columns. The preview gives every line its result; the
 * confirmation checks the file again and adds the accepted lines in one transaction, or nothing
 * when any result differs from the preview.
 */

type Column = (typeof interestImportColumns)[number];
type Line = { line: number; values: Partial<Record<Column, string>>; extraFields: boolean };
type Checked = { row: InterestImportRow; input: InterestInput | null };

/** Other names a spreadsheet gives the columns. */
const aliases: Record<string, Column> = {
  first: 'first_name',
  firstname: 'first_name',
  last: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  address1: 'address',
  address2: 'address_2',
  zip: 'zip_code',
  zipcode: 'zip_code',
  postal_code: 'zip_code',
  course: 'series',
  seminar: 'series',
  course_or_seminar: 'series',
  received: 'received_on',
  date: 'received_on',
};

/** A field's name in a reason: the form's label ('Zip code'), the CSV's words for the other two. */
const fieldLabels: Record<string, string> = { series_id: 'Course or seminar', received_on: 'Received' };

export const importReasons = {
  header: `The first line must name the columns, first_name and last_name at least: ${interestImportColumns.join(',')}`,
  unknownColumns: (names: string[]) => `Unknown column${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
  extraFields: 'Has more fields than the first line names',
  unknownSeries: (name: string) => `Course or seminar: no active course or seminar is named "${name}"`,
  repeated: (line: number) => `Repeats line ${line}`,
  received: (day: string) => `Already received on ${day}`,
  changed: 'The interests changed since the preview: preview the file again.',
  tokenMissing: 'Preview the file before applying it.',
};

const normalName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The lines of the file under the columns its first line names. Reading stops one line past the
 * limit: a file over it is refused (413) without being read whole. Empty spreadsheet rows (',,,')
 * are left out, and not counted.
 */
export async function readInterestCsv(text: string): Promise<Line[]> {
  // The first line (the columns), then the rows up to one past the limit.
  const { records: [header, ...records] } = await readCsv(text, { stopAfter: interestImportRowsMax + 2, skipEmptyRecords: true });
  const names = (header?.fields ?? []).map(normalName).map((name) => aliases[name] ?? aliases[name.replace(/_/g, '')] ?? name);
  const unknown = names.filter((name) => name !== '' && !(interestImportColumns as readonly string[]).includes(name));
  if (!names.includes('first_name') || !names.includes('last_name')) throw invalid({ file: [importReasons.header] });
  if (unknown.length > 0) throw invalid({ file: [importReasons.unknownColumns(unknown)] });
  if (records.length > interestImportRowsMax) throw tooManyRows(interestImportRowsMax);
  return records.map((record) => {
    const values: Partial<Record<Column, string>> = {};
    names.forEach((name, index) => {
      if (name !== '') values[name as Column] = record.fields[index]?.trim() ?? '';
    });
    const extraFields = record.fields.slice(names.length).some((field) => field.trim() !== '');
    return { line: record.line, values, extraFields };
  });
}

/** The active courses and seminars by name, in lower case. */
async function seriesByName(db: DbOrTx, lines: Line[]): Promise<Map<string, number>> {
  const named = await activeSeriesNamed(db, lines.flatMap((line) => (line.values.series ? [line.values.series] : [])));
  return new Map([...named].map(([name, ids]) => [name, ids[0]!]));
}

/** A person already received (not closed): same first and last name, and the same email, zip code or phone. */
const personKey = (input: Pick<InterestInput, 'first_name' | 'last_name'>, contact: string | null | undefined) =>
  contact ? `${input.first_name.toLowerCase()}|${input.last_name.toLowerCase()}|${contact.toLowerCase()}` : null;

/** What tells two people of one name apart: the email, the zip code, the phone (its digits). */
const contactsOf = (person: { email?: string | null; zip_code?: string | null; phone?: string | null }) => [
  person.email,
  person.zip_code,
  person.phone ? person.phone.replace(/\D/g, '') : null,
];

async function receivedAlready(db: DbOrTx, inputs: InterestInput[]): Promise<Map<string, string>> {
  const lastNames = [...new Set(inputs.map((input) => input.last_name.toLowerCase()))];
  if (lastNames.length === 0) return new Map();
  const found = await rows<{
    first_name: string;
    last_name: string;
    email: string | null;
    zip_code: string | null;
    phone: string | null;
    received_on: string;
  }>(
    db.execute(sql`select i.first_name, i.last_name, i.email, i.zip_code, i.phone, i.received_on::text as received_on
      from interests i where i.status <> 'closed'
        and lower(i.last_name) in (select jsonb_array_elements_text(${JSON.stringify(lastNames)}::jsonb))
      order by i.received_on`),
  );
  const seen = new Map<string, string>();
  for (const row of found) {
    for (const contact of contactsOf(row)) {
      const key = personKey(row, contact);
      if (key && !seen.has(key)) seen.set(key, row.received_on);
    }
  }
  return seen;
}

function reasonOf(issues: Parameters<typeof validationBody>[0]): string {
  const body = validationBody(issues);
  if (Array.isArray(body)) return body.join(' ');
  return Object.entries(body)
    .map(([field, messages]) => `${fieldLabels[field] ?? humanize(field)}: ${messages.join(', ')}`)
    .join('; ');
}

/** Every line's result: rejected with its reason, or accepted with what it adds. */
export async function classifyInterests(db: DbOrTx, lines: Line[]): Promise<Checked[]> {
  const series = await seriesByName(db, lines);
  const checked = lines.map((line): Checked => {
    const { values } = line;
    const row = {
      line: line.line,
      first_name: values.first_name ?? '',
      last_name: values.last_name ?? '',
      zip_code: values.zip_code ?? '',
    };
    const reject = (reason: string): Checked => ({ row: { ...row, status: 'rejected', reason }, input: null });
    if (line.extraFields) return reject(importReasons.extraFields);
    const seriesName = values.series?.trim();
    const seriesId = seriesName ? series.get(seriesName.toLowerCase()) : undefined;
    if (seriesName && seriesId === undefined) return reject(importReasons.unknownSeries(seriesName));
    const day = values.received_on?.trim();
    // A US date (MM/DD/YYYY) is read as one; anything else is checked as YYYY-MM-DD.
    const receivedOn = day ? (parseDateText(day) ?? day) : undefined;
    const { series: _series, received_on: _received, ...person } = values;
    const parsed = InterestInput.safeParse({ ...person, series_id: seriesId, received_on: receivedOn });
    if (!parsed.success) return reject(reasonOf(parsed.error.issues));
    return { row: { ...row, status: 'accepted', reason: null }, input: parsed.data };
  });
  const accepted = checked.flatMap((entry) => (entry.input ? [entry.input] : []));
  const earlier = await receivedAlready(db, accepted);
  const lineOfKey = new Map<string, number>();
  return checked.map((entry) => {
    if (!entry.input) return entry;
    const keys = contactsOf(entry.input).map((contact) => personKey(entry.input!, contact)).filter(
      (key): key is string => key !== null,
    );
    const day = keys.map((key) => earlier.get(key)).find((found) => found !== undefined);
    if (day) return { row: { ...entry.row, status: 'rejected', reason: importReasons.received(day) }, input: null };
    const repeated = keys.map((key) => lineOfKey.get(key)).find((found) => found !== undefined);
    if (repeated !== undefined) {
      return { row: { ...entry.row, status: 'rejected', reason: importReasons.repeated(repeated) }, input: null };
    }
    for (const key of keys) lineOfKey.set(key, entry.row.line);
    return entry;
  });
}

/** What the confirmation must find again: each line's result and what it adds. */
function tokenOf(checked: Checked[]): string {
  const hash = createHash('sha256');
  for (const { row, input } of checked) hash.update(`${row.line}|${row.status}|${row.reason ?? ''}|${JSON.stringify(input)}\n`);
  return hash.digest('hex');
}

function answer(checked: Checked[], applied: boolean): InterestImportResponse {
  const found = checked.map((entry) => entry.row);
  const accepted = found.filter((row) => row.status === 'accepted').length;
  return {
    rows: found,
    accepted_count: accepted,
    rejected_count: found.length - accepted,
    applied,
    preview_token: tokenOf(checked),
  };
}

export async function previewInterestImport(db: Db, file: string): Promise<InterestImportResponse> {
  return answer(await classifyInterests(db, await readInterestCsv(file)), false);
}

/** The confirmation: every accepted line, with its version, in one transaction; or nothing. */
export async function applyInterestImport(db: Db, actor: Actor, file: string, previewToken: string | undefined) {
  if (!previewToken) throw invalid({ preview_token: [importReasons.tokenMissing] });
  const lines = await readInterestCsv(file);
  return db.transaction(async (tx) => {
    // Two imports of one file at once: the second waits, then finds the first one's interests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('interest import'))`);
    const checked = await classifyInterests(tx, lines);
    if (tokenOf(checked) !== previewToken) throw invalid([importReasons.changed]);
    const day = today();
    const values = checked.flatMap(({ input }) =>
      input
        ? [{ ...personColumns(input), receivedOn: input.received_on ?? day, source: 'csv' as const, createdById: actor.userId }]
        : [],
    );
    for (let start = 0; start < values.length; start += 500) {
      const added = await tx.insert(interests).values(values.slice(start, start + 500)).returning();
      await recordVersions(
        tx,
        actor,
        added.map((row) => ({ itemType: itemTypeOf(interests), itemId: row.id, before: null, after: row })),
      );
    }
    return answer(checked, true);
  });
}
