import { admins } from '@srs/shared/roles';
import { StudentImportInput, StudentImportResponse } from '@srs/shared/student-import';
import { csvBodyLimit } from '../../core/csv-read.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { applyStudentImport, previewStudentImport } from './student-import.ts';

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
        body: StudentImportInput,
        response: { 200: StudentImportResponse },
      },
    },
    async (request) =>
      request.body.confirm
        ? applyStudentImport(db, request.actor, request.body)
        : previewStudentImport(db, request.actor, request.body),
  );
}
