import { messages } from '../../i18n/messages.ts';
import en from '../../locales/catalogue.en.json';

/** The words of a series' lists editors: lessons, presentations, decision options, products (issue 29). */
export const catalogueText = messages('catalogue', en);
