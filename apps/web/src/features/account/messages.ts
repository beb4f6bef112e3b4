import { messages } from '../../i18n/messages.ts';
import en from '../../locales/account.en.json';

/** My Account's words (issue 29): the profile, the details, the second factor, the password, the language. */
export const accountText = messages('account', en);
