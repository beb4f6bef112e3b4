import type { StudentImportChoice, StudentImportResponse } from '@srs/shared/student-import';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { enrollmentKeys, studentKeys } from '../../lib/query-keys.ts';
import { choicesForAll, choicesStillMatching, choicesToSend, type ImportRequest, postStudentImport } from './api.ts';
import { importProgressStore } from './import-progress.ts';
import { type ImportMapping, rememberMapping, remembered, withMeaning } from './mapping-memory.ts';

export type ImportPhase = 'choosing' | 'previewing' | 'applying';

export type StudentImportState = {
  file: File | null;
  schoolId: number | null;
  mapping: ImportMapping | null;
  preview: StudentImportResponse | null;
  choices: Record<number, StudentImportChoice>;
  /** The apply's answer: what it made. */
  result: StudentImportResponse | null;
  /** Why the preview or the apply was refused, in the server's words. */
  failure: string | null;
  phase: ImportPhase;
};

const initial: StudentImportState = {
  file: null,
  schoolId: null,
  mapping: null,
  preview: null,
  choices: {},
  result: null,
  failure: null,
  phase: 'choosing',
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The import's steps (issue 27): a file (and the school for rows naming none) is previewed; a
 * column's meaning changed previews it again and is remembered for the next file with the same
 * headings; the apply sends the preview's token and each match's choice. A refused apply keeps
 * the preview and every choice, and says why.
 */
export function useStudentImport(storage: Storage = localStorage) {
  const client = useQueryClient();
  const [state, setState] = useState<StudentImportState>(initial);
  const current = useRef(state);
  current.current = state;
  // Only the last preview asked for is shown: an earlier one answering late is dropped.
  const asked = useRef(0);
  const update = useCallback((change: Partial<StudentImportState>) => {
    current.current = { ...current.current, ...change };
    setState(current.current);
  }, []);
  // How far the call running is: only the progress bar reads it (import-progress.ts).
  const [progress] = useState(importProgressStore);
  // The call running: a new preview stops the one before, and leaving the page stops any (the
  // apply is one transaction on the server: it is made whole or not at all, whoever waits for it).
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const post = useCallback(
    async (request: ImportRequest) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      progress.set(null);
      try {
        return await postStudentImport(request, { signal: controller.signal, onProgress: progress.set });
      } finally {
        if (running.current === controller) {
          running.current = null;
          progress.set(null);
        }
      }
    },
    [progress],
  );

  const preview = useCallback(
    async (next: Pick<StudentImportState, 'file' | 'schoolId' | 'mapping'>, remember: boolean) => {
      const { file } = next;
      if (!file) return;
      const ask = ++asked.current;
      update({ ...next, phase: 'previewing', failure: null, result: null });
      try {
        let answer = await post({ file, schoolId: next.schoolId, mapping: next.mapping });
        let mapping = next.mapping;
        // The same headings as a file before: read them as the user chose then.
        const recalled = mapping === null ? remembered(answer.columns, storage) : null;
        if (recalled && ask === asked.current) {
          mapping = recalled;
          answer = await post({ file, schoolId: next.schoolId, mapping });
        }
        if (ask !== asked.current) return;
        if (remember) rememberMapping(answer.columns, storage);
        update({
          mapping,
          preview: answer,
          choices: choicesStillMatching(answer.rows, current.current.choices),
          phase: 'choosing',
        });
      } catch (error) {
        if (ask !== asked.current || isAbort(error)) return;
        update({ failure: messageOf(error), phase: 'choosing' });
      }
    },
    [post, storage, update],
  );

  const chooseFile = useCallback(
    async (file: File | null) => {
      asked.current++;
      running.current?.abort();
      update({ ...initial, schoolId: current.current.schoolId, file });
      if (file) await preview({ file, schoolId: current.current.schoolId, mapping: null }, false);
    },
    [preview, update],
  );

  const chooseSchool = useCallback(
    async (schoolId: number | null) => {
      const { file, mapping } = current.current;
      update({ schoolId });
      if (file) await preview({ file, schoolId, mapping }, false);
    },
    [preview, update],
  );

  const changeMeaning = useCallback(
    async (index: number, field: string | null) => {
      const { file, schoolId, preview: shown } = current.current;
      if (!file || !shown) return;
      await preview({ file, schoolId, mapping: withMeaning(shown.columns, index, field) }, true);
    },
    [preview],
  );

  const choose = useCallback(
    (line: number, choice: StudentImportChoice) => update({ choices: { ...current.current.choices, [line]: choice } }),
    [update],
  );

  const chooseAll = useCallback(
    (choice: StudentImportChoice) => {
      const shown = current.current.preview;
      if (shown) update({ choices: choicesForAll(shown.rows, choice) });
    },
    [update],
  );

  const previewAgain = useCallback(async () => {
    const { file, schoolId, mapping } = current.current;
    await preview({ file, schoolId, mapping }, false);
  }, [preview]);

  const apply = useCallback(async () => {
    const { file, schoolId, mapping, preview: shown, choices } = current.current;
    if (!file || !shown) return;
    update({ phase: 'applying', failure: null });
    try {
      const result = await post({
        file,
        schoolId,
        mapping,
        apply: { token: shown.preview_token, choices: choicesToSend(shown.rows, choices) },
      });
      update({ result, phase: 'choosing' });
      await Promise.all([
        client.invalidateQueries({ queryKey: studentKeys.all }),
        client.invalidateQueries({ queryKey: enrollmentKeys.all }),
      ]);
    } catch (error) {
      // Left the page: nothing is waiting for the answer.
      if (isAbort(error)) return;
      // Nothing was written: the preview and every choice stay, with the server's sentence.
      update({ failure: messageOf(error), phase: 'choosing' });
    }
  }, [client, post, update]);

  const startOver = useCallback(() => {
    asked.current++;
    running.current?.abort();
    update({ ...initial, schoolId: current.current.schoolId });
  }, [update]);

  return { state, progress, chooseFile, chooseSchool, changeMeaning, choose, chooseAll, apply, previewAgain, startOver };
}
