import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import { StudentDecisionsResponse, StudentNotesResponse, StudentProductsResponse } from '@srs/shared/students';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { assertStudentVisible } from './student-access.ts';
import { studentDecisions, studentNotes, studentProducts } from './student-records.queries.ts';

export async function studentRecordRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/students/:id/decisions',
    {
      config: { roles: everyone },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentDecisionsResponse } },
    },
    async (request) => {
      await assertStudentVisible(db, request.scope, request.params.id);
      return { decisions: await studentDecisions(db, request.params.id) };
    },
  );

  app.get(
    '/api/students/:id/notes',
    {
      config: { roles: everyone },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentNotesResponse } },
    },
    async (request) => {
      await assertStudentVisible(db, request.scope, request.params.id);
      return { notes: await studentNotes(db, request.params.id) };
    },
  );

  app.get(
    '/api/students/:id/products',
    {
      config: { roles: everyone },
      schema: { tags: ['students'], params: IdParams, response: { 200: StudentProductsResponse } },
    },
    async (request) => {
      await assertStudentVisible(db, request.scope, request.params.id);
      return { product_deliveries: await studentProducts(db, request.params.id) };
    },
  );
}
