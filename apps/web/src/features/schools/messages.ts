import { messages, type Translate } from '../../i18n/messages.ts';
import en from '../../locales/schools.en.json';

/** The schools' words (issue 29): the list, a school's page and its tabs, the school form. */
export const schoolsText = messages('schools', en);

/** The schools' translate function, handed to the tables' column builders. */
export type SchoolsT = Translate<Extract<keyof typeof en, string>>;
