import { dateOrderOf, formatDate } from '@srs/shared/dates';
import { type PaperSize, ticketsPerPage } from '@srs/shared/seminars';
import PDFDocument from 'pdfkit';
import type { Language } from '../../core/i18n.ts';
import { drawLine, fitWithEllipsis, registerFonts, widthOf } from '../../core/pdf.ts';
import { printingText as t } from '../file-words/public.ts';
import type { Seminar, TicketRow } from './seminars.queries.ts';

const inch = 72;
/** Page sizes in points, as the user chose them. */
const papers: Record<PaperSize, { size: string; width: number; height: number }> = {
  letter: { size: 'LETTER', width: 8.5 * inch, height: 11 * inch },
  a4: { size: 'A4', width: 595.28, height: 841.89 },
};
const columns = 2;
const rowsPerPage = ticketsPerPage / columns;
const margin = 0.5 * inch;
const gap = 0.15 * inch;
const pad = 0.15 * inch;

/** The seminar's dates: its first presentation, or first to last, as MM/DD/YYYY (SPEC section 5; DD/MM/YYYY in Spanish). */
export function seminarDates(seminar: Pick<Seminar, 'first_date' | 'last_date'>, language: Language = 'en'): string {
  if (!seminar.first_date) return t(language, 'tickets.toBeAnnounced');
  const shown = (date: string) => formatDate(date, dateOrderOf(language));
  if (!seminar.last_date || seminar.last_date === seminar.first_date) return shown(seminar.first_date);
  return `${shown(seminar.first_date)} – ${shown(seminar.last_date)}`;
}

export const ticketName = (row: TicketRow) =>
  [row.first_name, row.middle_name, row.last_name].filter((part) => part && part.trim() !== '').join(' ');

/**
 * Admission tickets (DOMAIN.md, Exports and printing): name, registration number, seminar,
 * school and date, eight to a page (two columns of four) with a cut line around each, in the
 * language of who prints them (issue 29).
 */
export async function seminarTicketsPdf(seminar: Seminar, tickets: TicketRow[], paper: PaperSize, language: Language = 'en'): Promise<Buffer> {
  const page = papers[paper];
  const info = { Title: t(language, 'tickets.title', { seminar: seminar.name }) };
  const doc = new PDFDocument({ size: page.size, margin: 0, autoFirstPage: false, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);

  const width = (page.width - 2 * margin - (columns - 1) * gap) / columns;
  const height = (page.height - 2 * margin - (rowsPerPage - 1) * gap) / rowsPerPage;
  const inner = width - 2 * pad;
  const place = [seminar.church_name, seminar.location].filter(Boolean).join(' · ');
  const dates = seminarDates(seminar, language);

  tickets.forEach((ticket, index) => {
    const slot = index % ticketsPerPage;
    if (slot === 0) doc.addPage({ size: page.size, margin: 0 });
    const x = margin + (slot % columns) * (width + gap);
    const y = margin + Math.floor(slot / columns) * (height + gap);
    doc.save().lineWidth(0.75).dash(4, { space: 3 }).strokeColor('#555555').roundedRect(x, y, width, height, 6).stroke().restore();

    // One line each: a long text shrinks to fit, down to a readable size, then ends with an ellipsis.
    const line = (text: string, top: number, size: number, face: 'regular' | 'bold', color = '#111111') => {
      doc.fillColor(color);
      const fitted = Math.max(Math.min(size, inner / Math.max(widthOf(doc, text, face, 1), 1e-6)), size * 0.7);
      drawLine(doc, fitWithEllipsis(doc, text, inner, face, fitted), x + pad, y + top + (size - fitted) * 0.8, face, fitted);
    };
    line(t(language, 'tickets.admission'), pad, 8, 'bold', '#555555');
    line(seminar.name, pad + 14, 13, 'bold');
    line(ticketName(ticket), pad + 40, 16, 'bold');
    line(t(language, 'tickets.registration', { number: ticket.registration_number }), pad + 64, 10, 'regular');
    line(t(language, 'tickets.school', { code: ticket.school_code, church: ticket.church_name }), pad + 80, 9, 'regular');
    if (place) line(t(language, 'tickets.where', { place }), pad + 96, 9, 'regular');
    line(t(language, 'tickets.date', { dates }), pad + (place ? 112 : 96), 9, 'regular');
  });
  doc.end();
  return done;
}

