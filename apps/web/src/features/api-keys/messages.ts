import { messages } from '../../i18n/messages.ts';
import en from '../../locales/api-keys.en.json';

/** The API keys page's words (issue 29); the intake's fields and answers are packages/shared's (sharedText). */
export const apiKeysText = messages('api-keys', en);
