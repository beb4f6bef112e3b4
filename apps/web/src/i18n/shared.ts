import { translateText } from '@srs/shared/i18n';
import { useMemo } from 'react';
import { currentLocale, type Locale, useLocale } from './locale.ts';
import { spanishSharedTexts } from './load.ts';

/**
 * A text packages/shared wrote in English (a SPEC section 8 message, a schema's validation
 * message, a field's name, a report's name) in the language the app draws in: its Spanish from
 * packages/shared/src/locales/shared.es.json, loaded with the other Spanish catalogues.
 */
export function sharedText(text: string, locale: Locale = currentLocale()): string {
  return locale === 'es' ? translateText(text, spanishSharedTexts()) : text;
}

/** sharedText in a component, drawn again when the language changes. */
export function useSharedText(): (text: string) => string {
  const locale = useLocale();
  return useMemo(() => (text: string) => sharedText(text, locale), [locale]);
}
