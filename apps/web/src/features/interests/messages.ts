import { messages, type Translate } from '../../i18n/messages.ts';
import en from '../../locales/interests.en.json';

/** The interests' words (issue 29): the list, the assignments, the tracking page. */
export const interestsText = messages('interests', en);

/** The interests' translate function, handed to the tables' column builders. */
export type InterestsT = Translate<Extract<keyof typeof en, string>>;
