import { messages } from '../../i18n/messages.ts';
import en from '../../locales/auth.en.json';

/** The sign-in page's words (issue 29): the page is also drawn at build time, in English (src/prerender.tsx). */
export const authText = messages('auth', en);

/**
 * A sentence with an element in it ('Coordinators, please contact {support}.'): the words before
 * and after the element, so that each language places it where its grammar does.
 */
export function around(sentence: (mark: string) => string): [string, string] {
  const mark = '\u0000';
  const [before = '', after = ''] = sentence(mark).split(mark);
  return [before, after];
}
