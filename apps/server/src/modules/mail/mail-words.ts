import { dateOrderOf, formatDate } from '@srs/shared/dates';
import { type Language, languageOf, localeTagOf, serverMessages } from '../../core/i18n.ts';
import en from '../../locales/mail.en.json' with { type: 'json' };
import es from '../../locales/mail.es.json' with { type: 'json' };

/**
 * The words of every mail (issue 29), in the recipient's language: `mailText(language, 'hello',
 * { name })`. A user's mail is in the language they chose (users.language), else English: a mail
 * has no browser to ask. A student or an applicant, who has none, gets the language of whoever
 * caused the mail when it is known.
 */
export const mailText = serverMessages('mail', en, es);

export type { Language };

/** The language of a user's mail: the one they chose, else English. */
export function recipientLanguage(chosen: string | null | undefined): Language {
  return languageOf(chosen, null);
}

/** A YYYY-MM-DD day in the recipient's order: MM/DD/YYYY, DD/MM/YYYY in Spanish. */
export function mailDate(iso: string, language: Language): string {
  return formatDate(iso, dateOrderOf(language));
}

/** 'December 3, 2026', '3 de diciembre de 2026'. */
export function longDate(date: Date, language: Language): string {
  return date.toLocaleDateString(localeTagOf(language), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
