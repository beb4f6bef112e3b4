import { messages, type Translate } from '../../i18n/messages.ts';
import en from '../../locales/instructors.en.json';

/** The instructors' words (issue 29): the list, an instructor's page and tabs, the user form. */
export const instructorsText = messages('instructors', en);

/** The instructors' translate function, handed to the tables' column builders. */
export type InstructorsT = Translate<Extract<keyof typeof en, string>>;
