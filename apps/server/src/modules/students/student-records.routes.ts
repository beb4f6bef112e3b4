import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import { StudentDecisionsResponse, StudentNotesResponse, StudentProductsResponse } from '@srs/shared/students';
import { visibleId } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { studentDecisions, studentNotes, studentProducts } from './student-records.queries.ts';

export async function studentRecordRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/students/:id/decisions',
    {
      config: { roles: everyone, record: 'student' },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentDecisionsResponse } },
    },
    async (request) => ({ decisions: await studentDecisions(db, visibleId(request, 'student')) }),
  );

  app.get(
    '/api/students/:id/notes',
    {
      config: { roles: everyone, record: 'student' },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentNotesResponse } },
    },
    async (request) => ({ notes: await studentNotes(db, visibleId(request, 'student')) }),
  );

  app.get(
    '/api/students/:id/products',
    {
      config: { roles: everyone, record: 'student' },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentProductsResponse } },
    },
    async (request) => ({ product_deliveries: await studentProducts(db, visibleId(request, 'student')) }),
  );
}
