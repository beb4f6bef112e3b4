import { type Language, languageOf, serverMessages, type Values } from '../core/i18n.ts';
import en from '../locales/idp.en.json' with { type: 'json' };
import es from '../locales/idp.es.json' with { type: 'json' };

/**
 * The words of the built-in provider's pages and of their refusals (issue 29), from
 * locales/idp.*.json: `idpText(language, 'signIn')`. The English is word for word what the pages
 * said before (tests and the e2e read it).
 */
export const idpText = serverMessages('idp', en, es);
export type IdpKey = Parameters<typeof idpText>[1];
export type { Language, Values };

/** The English catalogue, for the texts other modules name as they are (tooManyFromAddress, codesUnavailable). */
export const idpEnglish = en;

/**
 * The language of a provider's page: the person's own choice when the page is for a known person
 * (a welcome link's user, the code step after their password), else the browser's Accept-Language.
 */
export function pageLanguage(chosen: string | null | undefined, acceptLanguage: string | string[] | undefined): Language {
  return languageOf(chosen, Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage);
}
