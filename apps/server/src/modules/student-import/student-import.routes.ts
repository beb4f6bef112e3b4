import { admins } from '@srs/shared/roles';
import { StudentImportInput, type StudentImportProgressListener, StudentImportResponse } from '@srs/shared/student-import';
import { csvBodyLimit } from '../../core/csv-read.ts';
import { semaphore } from '../../core/semaphore.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { answerAsItGoes, wantsProgress } from './student-import-stream.ts';
import { applyStudentImport } from './student-import-apply.ts';
import { previewStudentImport } from './student-import.ts';

/**
 * Imports checked or written at once in this process: a file of 50,000 rows holds some 100 MB while
 * it is checked, and the server's heap is capped (docs/decisions/026). A third waits its turn.
 */
export const importsAtOnce = semaphore(2);

/** Students and their one enrollment from a spreadsheet (issue 27; docs/decisions/024), for admins into their schools. */
export async function studentImportRoutes(app: App, { db }: { db: Db }) {
  app.post(
    '/api/students/import',
    {
      // The file: the same limit as the other imports' (csv-read.ts), JSON or multipart.
      bodyLimit: csvBodyLimit,
      config: {
        roles: admins,
        userLimit: 'import',
        // Besides the file: file_name, school_id, mapping, confirm, preview_token and choices (one per matching row).
        multipartOptions: { limits: { fields: 8, fieldSize: 2_000_000 } },
      },
      schema: {
        tags: ['students'],
        summary: 'Students and their one enrollment from a CSV or .xlsx (JSON or multipart): a preview, then confirm',
        description:
          'With `Accept: application/x-ndjson` the answer is 200 at once and comes as it goes, one JSON object a line: ' +
          '`{"progress":{"step","done","total"}}` lines (reading, checking, writing), then `{"result":…}` (the answer below) ' +
          'or `{"error":{"statusCode","body"}}` (the refusal the plain route answers, its status and body).',
        body: StudentImportInput,
        response: { 200: StudentImportResponse },
      },
    },
    async (request, reply) => {
      const run = (progress?: StudentImportProgressListener) =>
        importsAtOnce.run(() =>
          request.body.confirm
            ? applyStudentImport(db, request.actor, request.body, progress)
            : previewStudentImport(db, request.actor, request.body, progress),
        );
      // Issue 27: the page's progress bar reads the answer as it comes; without asking, the plain answer.
      return wantsProgress(request) ? answerAsItGoes(request, reply, run) : run();
    },
  );
}
