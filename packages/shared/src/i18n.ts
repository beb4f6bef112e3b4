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
 * `locales/shared.es.json`. A text with no Spanish stays English (the catalogue test lists none).
 */
export type TextCatalogue = Readonly<Record<string, string>>;

export function translateText(text: string, catalogue: TextCatalogue | null): string {
  return catalogue?.[text] ?? text;
}
