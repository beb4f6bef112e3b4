/**
 * The fixed words of the files and printed pages (issue 29): the exports' headings and a report's
 * title (export-words.ts), the mailing labels' and seminar tickets' words (printing-words.ts), in
 * the language of the person who asks for them. The mails' are the mail module's (mail-words.ts).
 */
export { exportText, type Language, measureHeading, rowNameIn, wordsIn } from './export-words.ts';
export { printingText } from './printing-words.ts';
