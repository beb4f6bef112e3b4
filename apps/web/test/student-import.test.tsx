import type { StudentImportColumn, StudentImportResponse, StudentImportRow } from '@srs/shared/student-import';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choicesForAll, choicesStillMatching, choicesToSend } from '../src/features/student-import/api.ts';
import { applyCounts } from '../src/features/student-import/components/student-import-page.tsx';
import {
  headingsKey,
  recallMapping,
  rememberMapping,
  remembered,
  withMeaning,
} from '../src/features/student-import/mapping-memory.ts';
import { refusedFileName, refusedRowsCsv } from '../src/features/student-import/refused-csv.ts';
import { useStudentImport } from '../src/features/student-import/use-student-import.ts';
import { jsonResponse, Wrapper } from './support.tsx';
import { ndjsonAnswer, stubXhr } from './xhr-support.ts';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A Storage of its own for each test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const columns: StudentImportColumn[] = [
  { index: 0, heading: 'Nombre', field: 'first_name' },
  { index: 1, heading: 'Apellido', field: 'last_name' },
  { index: 2, heading: 'Código postal', field: 'zip_code' },
  { index: 3, heading: 'Notas', field: null },
];

const row = (line: number, status: StudentImportRow['status'], extra: Partial<StudentImportRow> = {}): StudentImportRow => ({
  line,
  status,
  first_name: `First${line}`,
  last_name: `Last${line}`,
  school_code: '101',
  series_name: 'Discover Hope',
  reasons: [],
  match: null,
  repeats_line: null,
  cells: null,
  ...extra,
});
const match = (studentId: number, enrolled = false) => ({
  student_id: studentId,
  first_name: 'Ruth',
  last_name: 'Moab',
  school: { id: 11, school_code: '101', church_name: 'Bethel' },
  why: ['email' as const],
  enrolled,
});

const preview = (rows: StudentImportRow[], cols = columns): StudentImportResponse => ({
  columns: cols,
  rows,
  totals: {
    new: rows.filter((r) => r.status === 'new').length,
    match: rows.filter((r) => r.status === 'match').length,
    repeated: rows.filter((r) => r.status === 'repeated').length,
    refused: rows.filter((r) => r.status === 'refused').length,
  },
  applied: false,
  preview_token: 'token-1',
  import_id: null,
  created: null,
});

describe('the mapping remembered by headings', () => {
  it('is found again for the same headings, whatever their accents, case and spacing', () => {
    const storage = memoryStorage();
    rememberMapping(withMeaningColumns(), storage);
    expect(recallMapping(['NOMBRE', 'apellido', 'Codigo Postal', 'notas'], storage)).toEqual({
      Nombre: 'first_name',
      Apellido: 'last_name',
      'Código postal': 'zip_code',
      Notas: 'social_media',
    });
    expect(recallMapping(['Nombre', 'Apellido'], storage)).toBeNull();
    expect(headingsKey(['Código postal'])).toBe(headingsKey(['codigo_postal']));
  });

  it('is sent again only when it reads a column otherwise than the server does', () => {
    const storage = memoryStorage();
    expect(remembered(columns, storage)).toBeNull();
    rememberMapping(columns, storage);
    expect(remembered(columns, storage)).toBeNull();
    rememberMapping(withMeaningColumns(), storage);
    expect(remembered(columns, storage)).toMatchObject({ Notas: 'social_media' });
  });

  it('keeps one column a field: the column that had the meaning chosen is left out', () => {
    expect(withMeaning(columns, 3, 'zip_code')).toEqual({
      Nombre: 'first_name',
      Apellido: 'last_name',
      'Código postal': null,
      Notas: 'zip_code',
    });
    expect(withMeaning(columns, 0, null)).toMatchObject({ Nombre: null, Apellido: 'last_name' });
  });
});

function withMeaningColumns(): StudentImportColumn[] {
  return columns.map((column) => (column.index === 3 ? { ...column, field: 'social_media' } : column));
}

describe('the refused rows as a CSV', () => {
  it("gives each refused row as the file held it, under the file's headings, with a reason column", () => {
    const answer = preview([
      row(2, 'new'),
      row(4, 'refused', {
        reasons: ['Zip code: is not a valid zip code', 'Course: no active course is named "X"'],
        cells: ['Bo, Jr.', 'Lee', 'ABC', 'two\nlines'],
      }),
      // A row shorter than the headings (an .xlsx's blank cells at the end) is padded.
      row(6, 'refused', { reasons: ['Zip code: is not a valid zip code'], cells: ['Cy', 'Said "hi"', '1'] }),
    ]);
    expect(refusedRowsCsv(answer)).toBe(
      'Nombre,Apellido,Código postal,Notas,Reason\r\n' +
        '"Bo, Jr.",Lee,ABC,"two\nlines","Zip code: is not a valid zip code; Course: no active course is named ""X"""\r\n' +
        'Cy,"Said ""hi""",1,,Zip code: is not a valid zip code\r\n',
    );
    expect(refusedFileName('Bethel 2026.xlsx')).toBe('Bethel 2026-refused.csv');
  });
});

describe('the choices', () => {
  const rows = [row(2, 'new'), row(3, 'match', { match: match(50) }), row(4, 'match', { match: match(51, true) }), row(5, 'refused')];

  it('sends every match by its line, skip unless chosen otherwise', () => {
    expect(choicesToSend(rows, { 3: 'add_enrollment' })).toEqual({ '3': 'add_enrollment', '4': 'skip' });
    expect(applyCounts(preview(rows), { 3: 'add_enrollment', 4: 'create' })).toEqual({ students: 2, added: 1 });
  });

  it('sets every match at once, skipping those the choice does not fit', () => {
    expect(choicesForAll(rows, 'add_enrollment')).toEqual({ 3: 'add_enrollment', 4: 'skip' });
    expect(choicesForAll(rows, 'create')).toEqual({ 3: 'create', 4: 'create' });
  });

  it('keeps a choice through a new preview while its line still matches and still allows it', () => {
    const next = [row(3, 'match', { match: match(50, true) }), row(4, 'match', { match: match(51) }), row(6, 'new')];
    expect(choicesStillMatching(next, { 3: 'add_enrollment', 4: 'create', 6: 'create' })).toEqual({ 4: 'create' });
  });
});

describe('the import steps', () => {
  const file = () =>
    new File(['Nombre,Apellido,Código postal,Notas\nAna,Ruiz,62701,\nRuth,Moab,62704,\nBo,Lee,ABC,\n'], 'bethel.csv', {
      type: 'text/csv',
    });
  const rows = [row(2, 'new'), row(3, 'match', { match: match(50) }), row(4, 'refused', { reasons: ['Zip code: is not a valid zip code'] })];

  function stub(applyAnswer: () => Response) {
    const forms: Record<string, string>[] = [];
    // The import's calls go by XMLHttpRequest (its upload's progress): answered here in plain JSON.
    stubXhr((call) => {
      const form = call.body as FormData;
      forms.push(Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`])));
      expect(call.url).toBe('/api/students/import');
      return form.get('confirm') === 'true' ? applyAnswer() : jsonResponse(preview(rows));
    });
    return forms;
  }

  it('sends the token and each choice with the apply; a refusal keeps the preview and every choice', async () => {
    const forms = stub(() => jsonResponse(['The file or the students changed since the preview: preview the file again.'], 422));
    const { result } = renderHook(() => useStudentImport(memoryStorage()), { wrapper: Wrapper });
    await act(() => result.current.chooseFile(file()));
    await waitFor(() => expect(result.current.state.preview?.totals.new).toBe(1));
    expect(forms[0]).toEqual({ file_name: 'bethel.csv', file: 'file:bethel.csv' });

    act(() => result.current.choose(3, 'add_enrollment'));
    await act(() => result.current.apply());
    expect(forms[1]).toMatchObject({ confirm: 'true', preview_token: 'token-1', choices: '{"3":"add_enrollment"}' });
    expect(result.current.state.failure).toBe('The file or the students changed since the preview: preview the file again.');
    expect(result.current.state.preview?.rows).toHaveLength(3);
    expect(result.current.state.choices).toEqual({ 3: 'add_enrollment' });
    expect(result.current.state.result).toBeNull();

    // Previewed again, the line still matches: its choice stays.
    await act(() => result.current.previewAgain());
    expect(result.current.state.failure).toBeNull();
    expect(result.current.state.choices).toEqual({ 3: 'add_enrollment' });
  });

  it('tells its progress as the answer comes, and stops the call when the page is left', async () => {
    stubXhr(() =>
      ndjsonAnswer([
        { progress: { step: 'reading', done: 0, total: 0 } },
        { progress: { step: 'checking', done: 3, total: 3 } },
        { result: preview(rows) },
      ]),
    );
    const { result } = renderHook(() => useStudentImport(memoryStorage()), { wrapper: Wrapper });
    const seen: string[] = [];
    result.current.progress.subscribe(() => {
      const progress = result.current.progress.get();
      seen.push(progress ? `${progress.step} ${progress.done}/${progress.total}` : 'none');
    });
    await act(() => result.current.chooseFile(file()));
    expect(result.current.state.preview?.totals.new).toBe(1);
    expect(seen).toEqual(['none', 'sending 500/1000', 'sending 1000/1000', 'reading 0/0', 'checking 3/3', 'none']);

    const xhr = stubXhr(() => new Promise<never>(() => {}));
    const left = renderHook(() => useStudentImport(memoryStorage()), { wrapper: Wrapper });
    const choosing = act(() => left.result.current.chooseFile(file()));
    await waitFor(() => expect(xhr.calls).toHaveLength(1));
    left.unmount();
    await choosing;
    expect(xhr.aborted).toHaveLength(1);
  });

  it('previews again with the remembered mapping, and remembers a change', async () => {
    const storage = memoryStorage();
    rememberMapping(withMeaningColumns(), storage);
    const forms = stub(() => jsonResponse({ ...preview(rows), applied: true, created: { students: 1, enrollments: 1, lessons: 3 } }));
    const { result } = renderHook(() => useStudentImport(storage), { wrapper: Wrapper });
    await act(() => result.current.chooseFile(file()));
    expect(forms).toHaveLength(2);
    expect(JSON.parse(forms[1]!.mapping!)).toMatchObject({ Notas: 'social_media' });

    await act(() => result.current.changeMeaning(2, null));
    expect(JSON.parse(forms[2]!.mapping!)).toMatchObject({ 'Código postal': null });
    await act(() => result.current.apply());
    expect(forms[3]).toMatchObject({ confirm: 'true', choices: '{"3":"skip"}' });
    expect(result.current.state.result?.created).toEqual({ students: 1, enrollments: 1, lessons: 3 });
  });
});
