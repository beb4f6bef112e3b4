import { messages } from '../../i18n/messages.ts';
import en from '../../locales/auth.en.json';

/** The sign-in page's words (issue 29): the page is also drawn at build time, in English (src/prerender.tsx). */
export const authText = messages('auth', en);
