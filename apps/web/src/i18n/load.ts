import { activateLocale, currentLocale, isLocale, type Locale, languageKey, startingLocale } from './locale.ts';
import type { TextCatalogue } from '@srs/shared/i18n';
import { type Catalogue, loadCatalogue } from './messages.ts';

/**
 * Every Spanish catalogue, one chunk (vite.config.ts: 'messages-es'), fetched only when someone
 * reads Spanish. The area is the file's name: `locales/students.es.json` is 'students'.
 */
const spanish = import.meta.glob<Catalogue>('../locales/*.es.json', { import: 'default' });

/** packages/shared's texts in Spanish, found by their English (i18n/shared.ts): raw, not compiled. */
const loadSharedSpanish = () => import('../../../../packages/shared/src/locales/shared.es.json').then((module) => module.default);

/** dayjs's Spanish, for the date field's calendar (Mantine's DatesProvider locale 'es'): Spanish readers only. */
const loadCalendarSpanish = () => import('dayjs/locale/es');

let spanishLoaded: Promise<void> | undefined;
let sharedSpanish: TextCatalogue | null = null;

export function spanishSharedTexts(): TextCatalogue | null {
  return sharedSpanish;
}

function loadSpanish(): Promise<void> {
  spanishLoaded ??= Promise.all([
    ...Object.entries(spanish).map(async ([file, load]) => {
      const area = /([a-z-]+)\.es\.json$/.exec(file)?.[1];
      if (area) loadCatalogue('es', area, await load());
    }),
    loadSharedSpanish().then((texts) => {
      sharedSpanish = texts;
    }),
    loadCalendarSpanish(),
  ]).then(
    () => undefined,
    (error: unknown) => {
      spanishLoaded = undefined;
      throw error;
    },
  );
  return spanishLoaded;
}

/** Loads a language's catalogues, then draws the app in it. */
export async function switchLanguage(locale: Locale): Promise<void> {
  if (locale === 'es') await loadSpanish();
  activateLocale(locale);
}

/**
 * The person's own language (My Account → Language; null: none chosen, the browser's), kept on this
 * browser so that the next visit starts in it, and drawn at once.
 */
export async function adoptPersonLanguage(language: string | null | undefined): Promise<void> {
  try {
    if (isLocale(language)) localStorage.setItem(languageKey, language);
    else localStorage.removeItem(languageKey);
  } catch {
    // storage refused: this visit still switches
  }
  const locale = isLocale(language) ? language : startingLocale();
  if (locale !== currentLocale()) await switchLanguage(locale);
}

/** Before the first render: the language this browser starts in, loaded. */
export function loadStartingLanguage(): Promise<void> {
  return switchLanguage(currentLocale()).catch(() => activateLocale('en'));
}
