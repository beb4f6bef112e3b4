import { type SQL, sql } from 'drizzle-orm';
import en from '../../locales/exports.en.json' with { type: 'json' };
import es from '../../locales/exports.es.json' with { type: 'json' };
import { type Language, serverMessages, sharedText } from '../../core/i18n.ts';

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
