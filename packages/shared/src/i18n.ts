/**
 * The product's two languages (issue 29, docs/decisions/027): English and Spanish as Latin America
 * speaks it. A person's choice is kept with them (My Account → Language); null means none chosen:
 * their browser's language is used.
 */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Each language's name in itself, as the language picker offers it. */
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * The first language of an Accept-Language header (or a browser's list) the product speaks,
 * weighed by its q-values; English when none.
 */
export function preferredLanguage(header: string | readonly string[] | null | undefined): Language {
  const entries = (typeof header === 'string' ? header.split(',') : [...(header ?? [])])
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((entry) => entry.base).find(isLanguage) ?? 'en';
}

/**
 * The words packages/shared hands to both apps (SPEC section 8's messages, the validation messages
 * of the schemas, the form's field names, the reports' names) are written in English, word for
 * word as the spec has them; their Spanish is found by the English text itself, in
 * `locales/shared.es.json`, or by its pattern when numbers are in it (translatePattern). A text with
 * no Spanish stays English (apps/server/test/i18n-shared-texts.test.ts lists none).
 */
export type TextCatalogue = Readonly<Record<string, string>>;

export function translateText(text: string, catalogue: TextCatalogue | null): string {
  if (!catalogue) return text;
  const exact = ownText(catalogue, text);
  if (exact !== undefined) return exact;
  return translatePattern(text, catalogue) ?? text;
}

/**
 * The catalogue's own entry for a text, never its object's machinery: a text 'constructor',
 * 'toString' or '__proto__' is a text like any other (a plain lookup answered a function).
 */
function ownText(catalogue: TextCatalogue, text: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue, text) ? catalogue[text] : undefined;
}

/** A number as packages/shared writes one in a text: 7, 1,000, 4,000,000, 1.5. */
const numberInText = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;

/**
 * A text built with numbers in it ('is too long (at most 200 characters)', a date 11/20/2026) is
 * found by its pattern, each number written `{n}`: 'is too long (at most {n} characters)'. The
 * Spanish takes the numbers in their order with `{n}`, or by place with `{n1}`, `{n2}`…, so a date
 * can put its day first ('Overdue since {n}/{n}/{n}' → 'Vencido desde el {n2}/{n1}/{n3}'). A text
 * that depends on a count (1 minute, 2 minutes) has one pattern per form.
 */
function translatePattern(text: string, catalogue: TextCatalogue): string | null {
  const numbers = text.match(numberInText);
  if (!numbers) return null;
  const pattern = ownText(catalogue, text.replace(numberInText, '{n}'));
  if (pattern === undefined) return null;
  let next = 0;
  return pattern.replace(/\{n([1-9]?)\}/g, (_, place: string) => numbers[place ? Number(place) - 1 : next++] ?? '');
}
