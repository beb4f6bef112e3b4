import texts from './locales/shared.es.json' with { type: 'json' };
import type { TextCatalogue } from './i18n.ts';

/**
 * The Spanish of packages/shared's English texts, for the server (core/i18n.ts). The web app loads
 * the same file with its other Spanish catalogues, only for those who read Spanish (i18n/load.ts).
 */
export const spanishTexts: TextCatalogue = texts;
