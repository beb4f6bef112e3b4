import { IdParams } from '@srs/shared/common';
import { ErasureResponse, PersonalData } from '@srs/shared/privacy';
import { globalAdmins } from '@srs/shared/roles';
import { today } from '../../core/csv.ts';
import { visibleId } from '../../core/records.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { eraseStudent } from './erasure.ts';
import { personalDataPdf } from './personal-data.pdf.ts';
import { personalData } from './personal-data.queries.ts';

/**
 * Privacy (issue 12, docs/decisions/017): everything the product holds about one student, as JSON
 * and as a PDF, and the erasure of their personal data. The whole network's keepers only: a
 * student's religious decisions are special-category personal data.
 */
export async function privacyRoutes(app: App, { db }: { db: Db }) {
  const fileName = (id: number, extension: 'json' | 'pdf') => `student-${id}-personal-data-${today()}.${extension}`;
  const exportedBy = (request: { user: { id: number; first_name: string; last_name: string } }) => ({
    id: request.user.id,
    first_name: request.user.first_name,
    last_name: request.user.last_name,
  });

  app.get(
    '/api/students/:id/personal_data',
    {
      // A HEAD would gather the whole file to throw it away.
      exposeHeadRoute: false,
      config: { roles: globalAdmins, record: 'student', userLimit: 'export' },
      schema: {
        tags: ['privacy'],
        summary: "Everything the product holds about one student, as a JSON file (the student's own copy)",
        params: IdParams,
        response: { 200: PersonalData },
      },
    },
    async (request, reply) => {
      const id = visibleId(request, 'student');
      const data = await personalData(db, id, exportedBy(request));
      return reply
        .header('content-disposition', `attachment; filename="${fileName(id, 'json')}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.get(
    '/api/students/:id/personal_data.pdf',
    {
      exposeHeadRoute: false,
      config: { roles: globalAdmins, record: 'student', userLimit: 'export' },
      schema: {
        tags: ['privacy'],
        summary: 'The same as a PDF a person can read',
        params: IdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const id = visibleId(request, 'student');
      // In the language of who exports it (issue 29).
      const pdf = await personalDataPdf(await personalData(db, id, exportedBy(request)), requestLanguage(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(id, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/students/:id/erase',
    {
      config: { roles: globalAdmins, record: 'student' },
      schema: {
        tags: ['privacy'],
        summary:
          "Erases the student's personal data on request: replaced in place, its history redacted, its records kept for the reports",
        params: IdParams,
        response: { 200: ErasureResponse },
      },
    },
    async (request) => eraseStudent(db, request.actor, visibleId(request, 'student')),
  );
}
