import type { StudentImportProgress, StudentImportResponse } from './student-import.ts';

/**
 * POST /students/import answered as it goes (issue 27: a progress bar on both steps). A request
 * whose Accept header names this type is answered 200 at once, one JSON object a line: progress
 * lines while the preview or the apply runs, then one last line with its answer or its refusal.
 * A refusal before the work begins (not signed in, a bad form, past the per-user limit) is the
 * plain JSON answer with its own status, as without streaming.
 */
export const studentImportStreamType = 'application/x-ndjson';

/** Progress lines go at most this often (and at each change of step, and at each step's end). */
export const studentImportProgressEveryMs = 100;

/** The refusal the plain route answers, its status and body as they are (SPEC section 8). */
export type StudentImportStreamError = { statusCode: number; body: unknown };

export type StudentImportStreamLine =
  | { progress: StudentImportProgress }
  | { result: StudentImportResponse }
  | { error: StudentImportStreamError };
