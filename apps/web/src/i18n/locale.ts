import { useSyncExternalStore } from 'react';

/** The languages of the product (issue 29): English, and Spanish as Latin America speaks it. */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];

/** The tag dates, numbers and money are formatted with: es-US for Spanish (the default). */
export const localeTags: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** Where this browser keeps the person's language: their choice (My Account) once the app knows it. */
export const languageKey = 'srs.language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The first of the browser's languages the product speaks; English when none. */
export function browserLocale(languages: readonly string[] = globalThis.navigator?.languages ?? []): Locale {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** The person's language as kept on this browser, else the browser's own. */
export function startingLocale(): Locale {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(languageKey);
  } catch {
    // storage refused (a private window): the browser's language
  }
  return isLocale(kept) ? kept : browserLocale();
}

let current: Locale = startingLocale();
const listeners = new Set<() => void>();

export function currentLocale(): Locale {
  return current;
}

/**
 * The cookie that tells the server which language a page should be drawn in before the app runs
 * (the sign-in page and the dashboard's frame are written at build time in each language).
 */
export const languageCookie = 'srs_language';

/** The web app manifest in a language (public/manifest.webmanifest, manifest.es.webmanifest). */
export const manifestOf = (locale: Locale) => (locale === 'en' ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`);

/** Switches the language the app draws in (the catalogues must be loaded first: i18n/load.ts). */
export function activateLocale(locale: Locale): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = localeTags[locale];
    // Installed from a page in Spanish, the app is named in Spanish (issue 30): the manifest of the language.
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestOf(locale));
    document.cookie = `${languageCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
  }
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language the app draws in; a component using it draws again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
