import { admins } from '@srs/shared/roles';
import { DuplicatesQuery, DuplicatesResponse, NotSamePersonInput } from '@srs/shared/student-duplicates';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { listDuplicates, sayNotSamePerson } from './duplicates.queries.ts';

/**
 * Likely duplicate students (issue 27), for admins: a merge changes two students' records, which
 * is theirs (an instructor sees only their own and shared students, and merges none).
 */
export async function studentDuplicateRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/students/duplicates',
    {
      config: { roles: admins },
      schema: {
        tags: ['students'],
        summary: 'Likely duplicate students the user sees, strongest first, 50 pairs a page',
        querystring: DuplicatesQuery,
        response: { 200: DuplicatesResponse },
      },
    },
    async (request) => listDuplicates(db, request.actor.scope, request.query),
  );

  app.post(
    '/api/students/duplicates/not_same_person',
    {
      config: { roles: admins },
      schema: {
        tags: ['students'],
        summary: 'Two students are not the same person: the pair is never offered again',
        body: NotSamePersonInput,
      },
    },
    async (request, reply) => {
      await sayNotSamePerson(db, request.actor, request.body.student_ids);
      return reply.code(204).send();
    },
  );
}
