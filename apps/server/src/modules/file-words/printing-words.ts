import en from '../../locales/printing.en.json' with { type: 'json' };
import es from '../../locales/printing.es.json' with { type: 'json' };
import { serverMessages } from '../../core/i18n.ts';

/**
 * The fixed words of the printed pages (issue 29): the mailing labels' and the seminar tickets'
 * PDFs, in the language of the person who prints them. Names and addresses print as they were typed.
 */
export const printingText = serverMessages('printing', en, es);
