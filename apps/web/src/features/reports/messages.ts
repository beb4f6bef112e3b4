import { messages } from '../../i18n/messages.ts';
import en from '../../locales/reports.en.json';

/** The reports' words (issue 29); the reports' names, descriptions and groupings are packages/shared's (sharedText). */
export const reportsText = messages('reports', en);
