import { messages } from '../i18n/messages.ts';
import en from '../locales/dashboard.en.json';

/** The dashboard's words (issue 29): its headings, tiles and lists, and its frame drawn before the scripts. */
export const dashboardText = messages('dashboard', en);
