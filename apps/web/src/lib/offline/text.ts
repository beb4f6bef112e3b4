import { messages } from '../../i18n/messages.ts';
import en from '../../locales/offline.en.json';

/** The words of working without a signal (issue 30): the banner, the waiting writes, the pages not kept. */
export const offlineText = messages('offline', en);
