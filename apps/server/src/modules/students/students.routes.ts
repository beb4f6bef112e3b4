import { IdParams } from '@srs/shared/common';
import { staffWithStudents } from '@srs/shared/roles';
import { StudentDetail, StudentListQuery, StudentListResponse } from '@srs/shared/students';
import { exportFormatNames, exportFormats } from '@srs/shared/exports';
import { sendExport } from '../../core/csv.ts';
import { visibleId } from '../../core/records.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { averyLabelRoutes } from './avery-labels.routes.ts';
import { studentDuplicateRoutes } from './duplicates.routes.ts';
import { studentBulkRoutes } from './student-bulk.routes.ts';
import { studentRecordRoutes } from './student-records.routes.ts';
import { studentDetail } from './student-rules.ts';
import { studentMergeRoutes } from './student-merge.routes.ts';
import { studentWriteRoutes } from './student-writes.routes.ts';
import { studentCsv } from './students.csv.ts';
import { findStudent, sendStudentList, seriesOfType } from './students.queries.ts';

/** Global admins read students too; the students pages are for the staff roles (SPEC section 2). */
const studentReaders = ['global_admin', ...staffWithStudents] as const;

export async function studentRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/students',
    {
      config: { roles: studentReaders, userLimit: 'search' },
      schema: {
        tags: ['students'],
        summary: 'Student search list',
        querystring: StudentListQuery,
        response: { 200: StudentListResponse },
      },
    },
    async (request, reply) => {
      return sendStudentList(reply, db, request.actor.scope, request.query, env);
    },
  );

  for (const format of exportFormats) {
    app.get(
      `/api/students.${format}`,
      {
        // A HEAD would run the whole export to throw it away (docs/decisions/010).
        exposeHeadRoute: false,
        config: { roles: studentReaders, userLimit: 'export' },
        schema: {
          tags: ['students'],
          summary: `${exportFormatNames[format]} export of the current filter`,
          querystring: StudentListQuery,
        },
      },
      async (request, reply) =>
        sendExport(
          format,
          reply,
          db,
          studentCsv(
            request.actor.scope,
            request.query,
            env.FOLLOWUP_DAYS,
            await seriesOfType(db, request.query),
            requestLanguage(request),
          ),
        ),
    );
  }

  app.get(
    '/api/students/:id',
    {
      config: { roles: studentReaders, record: 'student' },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentDetail } },
    },
    async (request) => studentDetail(request.user, request.actor, await findStudent(db, visibleId(request, 'student'), env.FOLLOWUP_DAYS)),
  );

  await studentDuplicateRoutes(app, { db });
  await studentWriteRoutes(app, { db, env });
  await studentMergeRoutes(app, { db, env });
  await studentBulkRoutes(app, { db });
  await studentRecordRoutes(app, { db });
  await averyLabelRoutes(app, { db, env });
}
