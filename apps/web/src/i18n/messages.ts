import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { useMemo } from 'react';
import { currentLocale, type Locale, localeTags, useLocale } from './locale.ts';

/**
 * The web app's messages (docs/decisions/027): each area of the app has a catalogue per language,
 * `src/locales/<area>.en.json` and `<area>.es.json`, of ICU messages ("{count, plural, one {#
 * student} other {# students}}") compiled at build (build-plugins/messages.ts). The English one is
 * imported by the modules that use it, so it travels with their page; the Spanish ones travel
 * together, loaded only for those who read Spanish (i18n/load.ts).
 */
export type Catalogue = Record<string, string>;
export type Values = Record<string, string | number | Date | null | undefined>;
export type Translate<K extends string> = (key: K, values?: Values) => string;

const instances = Object.fromEntries(
  (Object.keys(localeTags) as Locale[]).map((locale) => [locale, setupI18n({ locale, locales: [localeTags[locale]], messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

const loadedAreas: Record<Locale, Set<string>> = { en: new Set(), es: new Set() };

/** Puts an area's catalogue in a language, its keys named `<area>.<key>`. */
export function loadCatalogue(locale: Locale, area: string, catalogue: Catalogue): void {
  const messages: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalogue)) messages[`${area}.${key}`] = message;
  instances[locale].load(locale, messages as never);
  loadedAreas[locale].add(area);
}

export function hasCatalogue(locale: Locale, area: string): boolean {
  return loadedAreas[locale].has(area);
}

function translator<K extends string>(area: string, locale: Locale): Translate<K> {
  // An area missing in Spanish is a fault the catalogue test catches; meanwhile English, never a key.
  const i18n = hasCatalogue(locale, area) ? instances[locale] : instances.en;
  return (key, values) => i18n._({ id: `${area}.${key}`, values } as MessageDescriptor);
}

/**
 * An area's messages: `const { useT, t } = messages('students', en)`, with `en` the area's English
 * catalogue imported from `../locales/students.en.json`. `useT()` in a component (drawn again when
 * the language changes); `t()` elsewhere (a toast, a schema's message), in the language of the moment.
 */
export function messages<C extends Catalogue>(area: string, en: C) {
  loadCatalogue('en', area, en);
  type Key = Extract<keyof C, string>;
  return {
    useT(): Translate<Key> {
      const locale = useLocale();
      return useMemo(() => translator<Key>(area, locale), [locale]);
    },
    t(key: Key, values?: Values): string {
      return translator<Key>(area, currentLocale())(key, values);
    },
  };
}
