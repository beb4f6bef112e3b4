import { MantineProvider } from '@mantine/core';
import { idempotencyKeyHeader, messages } from '@srs/shared/messages';
import type { StudentImportResponse } from '@srs/shared/student-import';
import { studentImportStreamType } from '@srs/shared/student-import-stream';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportProgress } from '../src/features/student-import/components/import-outcome.tsx';
import {
  type ImportProgressView,
  importProgressStore,
  percentOf,
  progressLabel,
  spokenProgress,
} from '../src/features/student-import/import-progress.ts';
import { lineReader, parseStreamLine, postImportAsItGoes } from '../src/features/student-import/import-stream.ts';
import { send } from '../src/lib/http.ts';
import { HttpError } from '../src/lib/http-errors.ts';
import { setToken } from '../src/lib/session.ts';
import { jsonResponse, makeToken, schoolAdmin } from './support.tsx';
import { ndjsonAnswer, stubXhr } from './xhr-support.ts';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

/*
 * Issue 27, a progress bar on both steps: the import's answer read as it comes (NDJSON lines over
 * an XMLHttpRequest), and the bar drawn from it.
 */

const answer: StudentImportResponse = {
  columns: [{ index: 0, heading: 'First name', field: 'first_name' }],
  rows: [],
  totals: { new: 3, match: 0, repeated: 0, refused: 0 },
  applied: true,
  preview_token: 't',
  import_id: 9,
  created: { students: 3, enrollments: 0, lessons: 0 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the stream’s lines', () => {
  it('are read whole across chunks, a line cut anywhere waiting for its end', () => {
    const read = lineReader();
    let text = '{"progress":{"step":"reading","done":0,"total":0}}\n{"progress":{"step":"chec';
    expect(read(text)).toEqual([{ progress: { step: 'reading', done: 0, total: 0 } }]);
    text += 'king","done":5,"total":10}}';
    expect(read(text)).toEqual([]);
    text += '\n\n{"result":{"applied":true}}\n';
    expect(read(text)).toEqual([{ progress: { step: 'checking', done: 5, total: 10 } }, { result: { applied: true } }]);
    // Nothing is read twice.
    expect(read(text)).toEqual([]);
  });

  it('leave out what is not a line this page knows', () => {
    expect(parseStreamLine('{"error":{"statusCode":404,"body":{"error":"School not found"}}}')).toEqual({
      error: { statusCode: 404, body: { error: 'School not found' } },
    });
    expect(parseStreamLine('not json')).toBeNull();
    expect(parseStreamLine('[1,2]')).toBeNull();
    expect(parseStreamLine('{"heartbeat":1}')).toBeNull();
    const read = lineReader();
    expect(read('{"heartbeat":1}\nnot json\n{"progress":{"step":"writing","done":1,"total":2}}\n')).toEqual([
      { progress: { step: 'writing', done: 1, total: 2 } },
    ]);
  });
});

describe('the progress in words', () => {
  it('says the step, the row and how much of the step is done', () => {
    const checking: ImportProgressView = { step: 'checking', done: 12_000, total: 50_000 };
    expect(percentOf(checking)).toBe(24);
    expect(progressLabel(checking)).toBe('Checking row 12,000 of 50,000');
    expect(progressLabel({ step: 'writing', done: 50_000, total: 50_000 })).toBe('Writing row 50,000 of 50,000');
    expect(progressLabel({ step: 'reading', done: 0, total: 0 })).toBe('Reading the file…');
    expect(progressLabel({ step: 'sending', done: 1_250_000, total: 3_400_000 })).toBe('Sending the file… 1.3 MB of 3.4 MB');
    expect(percentOf({ step: 'reading', done: 0, total: 0 })).toBe(0);
  });

  it('is spoken at each step and each quarter, not at each line', () => {
    const spoken = new Set(
      Array.from({ length: 101 }, (_, done) => spokenProgress({ step: 'checking', done: done * 500, total: 50_000 })),
    );
    expect([...spoken]).toEqual([
      'Checking the rows, 0%',
      'Checking the rows, 25%',
      'Checking the rows, 50%',
      'Checking the rows, 75%',
      'Checking the rows, 100%',
    ]);
  });
});

describe('the progress bar', () => {
  const renderBar = (phase: 'previewing' | 'applying' | 'choosing', store = importProgressStore()) => {
    const view = render(
      <MantineProvider>
        <ImportProgress phase={phase} store={store} />
      </MantineProvider>,
    );
    return { store, view };
  };

  it('is determinate: its value the step’s percent, its label the row reached', () => {
    const { store } = renderBar('previewing');
    act(() => store.set({ step: 'checking', done: 12_000, total: 50_000 }));
    const bar = screen.getByRole('progressbar', { name: 'Previewing the file' });
    expect(bar.getAttribute('aria-valuenow')).toBe('24');
    expect(screen.getByText('Checking row 12,000 of 50,000')).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Checking the rows, 0%');
    act(() => store.set({ step: 'checking', done: 12_400, total: 50_000 }));
    expect(screen.getByText('Checking row 12,400 of 50,000')).toBeTruthy();
    // Spoken again only at the next quarter.
    expect(live.textContent).toBe('Checking the rows, 0%');
    act(() => store.set({ step: 'checking', done: 26_000, total: 50_000 }));
    expect(live.textContent).toBe('Checking the rows, 50%');
    expect(bar.getAttribute('aria-valuenow')).toBe('52');
  });

  it('says the file is being sent before any progress, and is gone once the answer came', () => {
    const { store, view } = renderBar('applying');
    expect(screen.getByRole('progressbar', { name: 'Importing the students' }).getAttribute('aria-valuenow')).toBe('0');
    // The label, and the line a screen reader is told.
    expect(screen.getAllByText('Sending the file…')).toHaveLength(2);
    view.rerender(
      <MantineProvider>
        <ImportProgress phase="choosing" store={store} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('the import sent with its progress', () => {
  // One token for the whole test: made twice, its expiry second could differ under load.
  let token = '';
  beforeEach(() => {
    token = makeToken(schoolAdmin);
    setToken(token);
  });

  const form = () => {
    const data = new FormData();
    data.append('file', new File(['First name\nAna\n'], 'a.csv', { type: 'text/csv' }), 'a.csv');
    return data;
  };

  it('carries the token and a key, tells the upload and each line, and answers the last line’s result', async () => {
    const lines = [
      { progress: { step: 'reading', done: 0, total: 0 } },
      { progress: { step: 'reading', done: 3, total: 3 } },
      { progress: { step: 'checking', done: 3, total: 3 } },
      { progress: { step: 'writing', done: 3, total: 3 } },
      { result: answer },
    ];
    const xhr = stubXhr(() => ndjsonAnswer(lines, [10, 60, 61, 130]));
    const seen: ImportProgressView[] = [];
    await expect(postImportAsItGoes(form(), { onProgress: (progress) => seen.push(progress) })).resolves.toEqual(answer);
    expect(xhr.calls[0]!.method).toBe('POST');
    expect(xhr.calls[0]!.url).toBe('/api/students/import');
    expect(xhr.calls[0]!.headers.accept).toContain(studentImportStreamType);
    expect(xhr.calls[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(xhr.calls[0]!.headers[idempotencyKeyHeader.toLowerCase()]).toMatch(/^[\w-]{16,}$/);
    expect(seen).toEqual([
      { step: 'sending', done: 500, total: 1000 },
      { step: 'sending', done: 1000, total: 1000 },
      ...lines.slice(0, 4).map((line) => (line as { progress: ImportProgressView }).progress),
    ]);
  });

  it.each([
    ['a 422 sentence', 422, ['The file or the students changed since the preview: preview the file again.']],
    ['a 404', 404, { error: 'School not found' }],
    ['a 422 by field', 422, { choices: ['line 4 does not match an existing student'] }],
    ['a 500', 500, { error: 'Internal Server Error' }],
  ])('turns the last line’s refusal (%s) into the error `send` throws for the plain answer', async (_what, statusCode, body) => {
    stubXhr(() => ndjsonAnswer([{ progress: { step: 'reading', done: 0, total: 0 } }, { error: { statusCode, body } }]));
    const streamed = await postImportAsItGoes(form()).catch((error: unknown) => error as HttpError);
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(body, statusCode)));
    const plain = (await send('POST', '/students/import', { body: form(), toastErrors: false }).then(
      () => null,
      (error: unknown) => error,
    )) as HttpError;
    expect(streamed).toBeInstanceOf(HttpError);
    expect(streamed).toMatchObject({ message: plain.message, status: plain.status, body: plain.body, handlerText: plain.handlerText });
  });

  it('takes a plain answer too: a refusal before the work began, or a repeat answered from its key', async () => {
    stubXhr(() => jsonResponse({ error: messages.notAuthorized }, 403, 'Forbidden'));
    await expect(postImportAsItGoes(form())).rejects.toMatchObject({ status: 403, message: messages.notAuthorized });
    stubXhr(() => jsonResponse(answer));
    await expect(postImportAsItGoes(form())).resolves.toEqual(answer);
  });

  it('says something went wrong when the stream stops before its last line', async () => {
    stubXhr(() => ndjsonAnswer([{ progress: { step: 'checking', done: 1, total: 3 } }]));
    await expect(postImportAsItGoes(form())).rejects.toMatchObject({ status: null, message: messages.somethingWentWrong });
  });

  it('is stopped by its signal', async () => {
    const controller = new AbortController();
    const xhr = stubXhr(() => new Promise<never>(() => {}));
    const sent = postImportAsItGoes(form(), { signal: controller.signal });
    await vi.waitFor(() => expect(xhr.calls).toHaveLength(1));
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toHaveLength(1);
  });
});
