import { admins, staffWithStudents } from '@srs/shared/roles';
import {
  DuplicatesQuery,
  DuplicatesResponse,
  LikelyDuplicatesQuery,
  LikelyDuplicatesResponse,
  NotSamePersonInput,
} from '@srs/shared/student-duplicates';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { listDuplicates, sayNotSamePerson } from './duplicates.queries.ts';
import { likelyDuplicatesOf } from './same-person.queries.ts';

/**
 * Likely duplicate students (issue 27). The pairs are for admins: a merge changes two students'
 * records, which is theirs (an instructor sees only their own and shared students, and merges
 * none). The new-student form's check is for whoever adds students.
 */
export async function studentDuplicateRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/students/likely_duplicates',
    {
      config: { roles: ['global_admin', ...staffWithStudents], userLimit: 'search' },
      schema: {
        tags: ['students'],
        summary: 'The students the user sees that the person being typed likely already is (same email, phone, or name and zip)',
        querystring: LikelyDuplicatesQuery,
        response: { 200: LikelyDuplicatesResponse },
      },
    },
    async (request) => {
      const { first_name = '', last_name = '', ...rest } = request.query;
      return { students: await likelyDuplicatesOf(db, request.actor.scope, { first_name, last_name, ...rest }) };
    },
  );

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
