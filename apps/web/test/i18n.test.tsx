import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPagination } from '../src/components/list-pagination.tsx';
import { formatDate, parseDateText } from '../src/i18n/format.ts';
import { adoptPersonLanguage, switchLanguage } from '../src/i18n/load.ts';
import { browserLocale, currentLocale, languageKey, startingLocale } from '../src/i18n/locale.ts';
import { countText, recordCount } from '../src/lib/counts.ts';
import { renderRoutes } from './support.tsx';

const capped = {
  page: 3,
  per_page: 25,
  total_count: 1000,
  total_pages: 40,
  total_capped: true,
  next_cursor: 'n',
  prev_cursor: 'p',
};

afterEach(() => {
  document.documentElement.lang = '';
});

describe('the language the app draws in (issue 29)', () => {
  it("starts in the browser's language when the person chose none, English when it speaks neither", () => {
    expect(browserLocale(['es-MX', 'en-US'])).toBe('es');
    expect(browserLocale(['fr-FR', 'en-GB'])).toBe('en');
    expect(browserLocale(['pt-BR'])).toBe('en');
    localStorage.setItem(languageKey, 'es');
    expect(startingLocale()).toBe('es');
    localStorage.setItem(languageKey, 'xx');
    expect(startingLocale()).toBe(browserLocale());
  });

  it('draws a list in Spanish, with its plurals, and again in English, and says so in <html lang>', async () => {
    renderRoutes([{ path: '/', element: <ListPagination pagination={capped} page={3} onPage={() => {}} /> }], '/');
    expect(screen.getByText('More than 1,000 records')).toBeInTheDocument();
    await act(() => switchLanguage('es'));
    expect(document.documentElement.lang).toBe('es-US');
    expect(screen.getByText('Más de 1,000 registros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeInTheDocument();
    expect(screen.getByText('Página 3')).toBeInTheDocument();
    expect(recordCount({ total_count: 1, total_capped: false })).toBe('1 registro');
    expect(recordCount({ total_count: 3, total_capped: false })).toBe('3 registros');
    expect(countText({ total_count: 1000, total_capped: true })).toBe('Más de 1,000');
    await act(() => switchLanguage('en'));
    expect(document.documentElement.lang).toBe('en-US');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    expect(recordCount({ total_count: 1, total_capped: false })).toBe('1 record');
  });

  it("adopts the person's own language and keeps it on this browser; none chosen goes back to the browser's", async () => {
    await adoptPersonLanguage('es');
    expect(currentLocale()).toBe('es');
    expect(localStorage.getItem(languageKey)).toBe('es');
    await adoptPersonLanguage(null);
    expect(localStorage.getItem(languageKey)).toBeNull();
    expect(currentLocale()).toBe(browserLocale());
  });

  it('reads and shows dates day first in Spanish, month first in English', () => {
    expect(formatDate('2026-03-07', 'en')).toBe('03/07/2026');
    expect(formatDate('2026-03-07', 'es')).toBe('07/03/2026');
    expect(parseDateText('07/03/2026', 'es')).toBe('2026-03-07');
    expect(parseDateText('07032026', 'es')).toBe('2026-03-07');
    expect(parseDateText('03/07/2026', 'en')).toBe('2026-03-07');
    expect(parseDateText('31/12/2026', 'en')).toBeNull();
    expect(parseDateText('31/12/2026', 'es')).toBe('2026-12-31');
  });
});
