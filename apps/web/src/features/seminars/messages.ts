import { messages } from '../../i18n/messages.ts';
import en from '../../locales/seminars.en.json';

/** The seminar pages' words (issue 29): `seminarsText.useT()` in a component, `seminarsText.t()` when it runs. */
export const seminarsText = messages('seminars', en);
