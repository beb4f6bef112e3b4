import { messages } from '@srs/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadExport, exportFileName } from '../src/lib/exports.ts';
import { jsonResponse } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

const { showError, showHandlerError } = await import('../src/lib/toasts.ts');
const { saveBlob } = await import('../src/lib/browser.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CSV and Excel exports (SPEC section 7 and 8)', () => {
  it("names the file '{label}-{date}.csv' or '.xlsx'", () => {
    expect(exportFileName('students', 'csv', new Date(2026, 10, 22))).toBe('students-2026-11-22.csv');
    expect(exportFileName('students', 'xlsx', new Date(2026, 10, 22))).toBe('students-2026-11-22.xlsx');
  });

  it('downloads the current filter with the token', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response('First Name\nAnn\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await downloadExport('/students.csv', { section: 'mine', full_name_i_cont_all: ['ann'] }, 'students')).toBe(
      true,
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/students.csv?section=mine&full_name_i_cont_all%5B%5D=ann');
    expect(saveBlob).toHaveBeenCalledWith(expect.anything(), exportFileName('students'));
  });

  it.each([200, 422])('a { success: false, error } answer (%i) shows its error', async (status) => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, error: 'Too many rows' }, status)));
    expect(await downloadExport('/schools.csv', {}, 'schools')).toBe(false);
    expect(showError).toHaveBeenCalledWith('Too many rows');
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('any other failure shows the shared handler message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ error: 'Internal Server Error' }, 500)));
    await downloadExport('/users.csv', { role: 'instructor' }, 'instructors');
    expect(showHandlerError).toHaveBeenCalledWith(messages.somethingWentWrong);
    expect(showError).not.toHaveBeenCalled();
  });

  it('tells how much of a long export has arrived, and saves it whole', async () => {
    const chunks = ['PK', 'abc', 'defg'].map((text) => new TextEncoder().encode(text));
    const body = new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })));
    const progress: number[] = [];
    expect(await downloadExport('/students.xlsx', {}, 'students', 'xlsx', { onProgress: (bytes) => progress.push(bytes) })).toBe(true);
    expect(progress).toEqual([2, 5, 9]);
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe(exportFileName('students', 'xlsx'));
    expect(await (blob as Blob).text()).toBe('PKabcdefg');
  });

  it('a cancelled export saves nothing and says nothing', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    const download = downloadExport('/students.xlsx', {}, 'students', 'xlsx', { signal: controller.signal });
    controller.abort();
    expect(await download).toBe(false);
    expect(saveBlob).not.toHaveBeenCalled();
    expect(showError).not.toHaveBeenCalled();
    expect(showHandlerError).not.toHaveBeenCalled();
  });
});
