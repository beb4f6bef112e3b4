import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Language, languages, preferredLanguage, translateText } from '@srs/shared/i18n';
import { spanishTexts as sharedSpanish } from '@srs/shared/spanish-texts';

/**
 * The server's words in the person's language (issue 29, docs/decisions/027): the mails, the
 * printed pages, the exports' headings and the error messages. Each area has a catalogue per
 * language, `src/locales/<area>.en.json` and `<area>.es.json`, of ICU messages, compiled once when
 * the server starts; packages/shared's texts are found by their English (`sharedText`).
 */
export type { Language };
export type Catalogue = Record<string, string>;
export type Values = Record<string, string | number | Date | null | undefined>;

const localeTags: Record<Language, string> = { en: 'en-US', es: 'es-US' };
const instances = Object.fromEntries(
  languages.map((language) => [language, setupI18n({ locale: language, locales: [localeTags[language]], messages: { [language]: {} } })]),
) as Record<Language, I18n>;

/**
 * An area's messages: `const t = serverMessages('mail', en, es)`, then `t(language, 'key', values)`.
 * Both catalogues have the same keys and placeholders (test/i18n-catalogues.test.ts).
 */
export function serverMessages<C extends Catalogue>(area: string, en: C, es: Record<keyof C, string>) {
  for (const [language, catalogue] of [['en', en], ['es', es]] as const) {
    const compiled: Record<string, unknown> = {};
    for (const [key, message] of Object.entries(catalogue)) compiled[`${area}.${key}`] = compileMessage(message);
    instances[language].load(language, compiled as never);
  }
  return (language: Language, key: Extract<keyof C, string>, values?: Values): string =>
    instances[language]._({ id: `${area}.${key}`, values } as MessageDescriptor);
}

/** A text packages/shared wrote in English, in the language asked for. */
export function sharedText(text: string, language: Language): string {
  return language === 'es' ? translateText(text, sharedSpanish) : text;
}

/** The person's language when they chose one, else the one their browser asks for. */
export function languageOf(chosen: string | null | undefined, acceptLanguage?: string | null): Language {
  return chosen === 'en' || chosen === 'es' ? chosen : preferredLanguage(acceptLanguage);
}

export function localeTagOf(language: Language): string {
  return localeTags[language];
}
