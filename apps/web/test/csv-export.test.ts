import { messages } from '@srs/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvFileName, downloadCsv } from '../src/lib/csv-export.ts';
import { jsonResponse } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => ({ showHandlerError: vi.fn(), showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('../src/lib/browser.ts', () => ({ goTo: vi.fn(), reloadPage: vi.fn(), saveBlob: vi.fn() }));

const { showError, showHandlerError } = await import('../src/lib/toasts.ts');
const { saveBlob } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CSV export (SPEC section 7 and 8)', () => {
  it("names the file '{label}-{date}.csv'", () => {
    expect(csvFileName('students', new Date(2026, 10, 22))).toBe('students-2026-11-22.csv');
  });

  it('downloads the current filter with the token', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('First Name\nAnn\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await downloadCsv('/students.csv', { section: 'mine', full_name_i_cont_all: ['ann'] }, 'students')).toBe(
      true,
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/students.csv?section=mine&full_name_i_cont_all%5B%5D=ann');
    expect(saveBlob).toHaveBeenCalledWith(expect.anything(), csvFileName('students'));
  });

  it.each([200, 422])('a { success: false, error } answer (%i) shows its error', async (status) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, error: 'Too many rows' }, status)));
    expect(await downloadCsv('/schools.csv', {}, 'schools')).toBe(false);
    expect(showError).toHaveBeenCalledWith('Too many rows');
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('any other failure shows the shared handler message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ error: 'Internal Server Error' }, 500)));
    await downloadCsv('/users.csv', { role: 'instructor' }, 'instructors');
    expect(showHandlerError).toHaveBeenCalledWith(messages.somethingWentWrong);
    expect(showError).not.toHaveBeenCalled();
  });
});
