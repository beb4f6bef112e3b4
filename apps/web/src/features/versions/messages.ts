import { messages } from '../../i18n/messages.ts';
import en from '../../locales/versions.en.json';

/** The words of the history of changes (issue 29); actions and record types are packages/shared's (sharedText). */
export const versionsText = messages('versions', en);
