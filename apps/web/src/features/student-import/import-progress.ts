import { groupedNumber } from '@srs/shared/numbers';
import type { StudentImportStep } from '@srs/shared/student-import';
import { useSyncExternalStore } from 'react';
import { studentImportText } from './messages.ts';

/**
 * How far a preview or an apply is (issue 27: a progress bar on both steps): the file's bytes sent,
 * then the server's rows read, checked and written (import-stream.ts reads them as they come).
 */
export type ImportProgressView = { step: 'sending' | StudentImportStep; done: number; total: number };

/** The step's part done, a whole percent from 0 to 100 (0 while its size is not known yet). */
export function percentOf({ done, total }: ImportProgressView): number {
  if (total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

/** 1.2 MB, 340 KB: an upload's size in words. */
function sizeOf(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

const stepKeys = {
  sending: 'stepSending',
  reading: 'stepReading',
  checking: 'stepChecking',
  writing: 'stepWriting',
} as const satisfies Record<ImportProgressView['step'], string>;

/** A step in words, in the language of the moment: 'Checking the rows'. */
const stepWords = (step: ImportProgressView['step']) => studentImportText.t(stepKeys[step]);

/** What the bar's label says, as often as the progress changes: 'Checking row 12,000 of 50,000'. */
export function progressLabel(progress: ImportProgressView): string {
  const { step, done, total } = progress;
  if (step === 'sending' && total > 0) return studentImportText.t('sendingSize', { done: sizeOf(done), total: sizeOf(total) });
  if (step === 'sending' || step === 'reading' || total <= 0) return `${stepWords(step)}…`;
  const values = { row: groupedNumber(Math.min(done, total)), total: groupedNumber(total) };
  return studentImportText.t(step === 'checking' ? 'checkingRow' : 'writingRow', values);
}

/**
 * What a screen reader is told (politely): the step and its quarter, so that it speaks at each new
 * step and three or four times in a long one, not at every line the server sends.
 */
export function spokenProgress(progress: ImportProgressView): string {
  const quarter = Math.floor(percentOf(progress) / 25) * 25;
  return progress.total > 0 ? `${stepWords(progress.step)}, ${quarter}%` : `${stepWords(progress.step)}…`;
}

/**
 * The progress of the call running, outside React state: it changes some ten times a second, and
 * only the bar redraws (not the page with its 50,000 rows of preview).
 */
export type ImportProgressStore = {
  get: () => ImportProgressView | null;
  set: (progress: ImportProgressView | null) => void;
  subscribe: (listener: () => void) => () => void;
};

export function importProgressStore(): ImportProgressStore {
  let current: ImportProgressView | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (progress) => {
      current = progress;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const useImportProgress = (store: ImportProgressStore) => useSyncExternalStore(store.subscribe, store.get);
