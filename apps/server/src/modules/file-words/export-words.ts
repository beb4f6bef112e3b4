import { type SQL, sql } from 'drizzle-orm';
import en from '../../locales/exports.en.json' with { type: 'json' };
import es from '../../locales/exports.es.json' with { type: 'json' };
import { type Language, localeTagOf, serverMessages, sharedText } from '../../core/i18n.ts';

/**
 * The fixed words of the exported files (issue 29): the columns' headings, a report's title and
 * filters, in the language of the person who asked for the file. The English headings are the ones
 * the files always had: programs reading them expect them word for word.
 */
export const exportText = serverMessages('exports', en, es);

export type { Language };

type Key = Extract<keyof typeof en, string>;

/** A report's figure headed in the language, by its key ('Lessons returned'); its own label when the catalogue lacks it. */
export function measureHeading(language: Language, measure: { key: string; label: string }): string {
  const key = `measure.${measure.key}`;
  return key in en ? exportText(language, key as Key) : measure.label;
}

/**
 * A column of English words packages/shared names (a status, a delivery type), in the language:
 * the column as it is in English, else each known value in its Spanish.
 */
export function wordsIn(language: Language, column: SQL, values: readonly string[]): SQL {
  if (language === 'en') return column;
  const cases = values.map((value) => sql`when ${value} then ${sharedText(value, language)}`);
  return sql`(case ${column} ${sql.join(cases, sql` `)} else ${column} end)`;
}

/** The names a report gives a row that has none (packages/shared's words, found by their English). */
const unnamedRows = ['No instructor', 'Not given', 'A visit'] as const;
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A report row's name in an export, in the language: the names of rows without one ('No
 * instructor'), the statuses and delivery types a grouping names, and a month ('November 2026',
 * 'noviembre de 2026'); the names people typed stay as they are.
 */
export function rowNameIn(language: Language, name: SQL, group: string, named: readonly string[] = []): SQL {
  if (language === 'en') return name;
  if (group === 'month') {
    const spanish = months.map((month) => sql`when ${month} then ${new Date(Date.UTC(2026, months.indexOf(month), 1)).toLocaleDateString(localeTagOf(language), { month: 'long', timeZone: 'UTC' })}`);
    return sql`(case when ${name} ~ '^[A-Z][a-z]+ [0-9]{4}$' then (case split_part(${name}, ' ', 1) ${sql.join(spanish, sql` `)} end) || ' de ' || split_part(${name}, ' ', 2) else ${name} end)`;
  }
  return wordsIn(language, name, [...unnamedRows, ...named]);
}
