import { StudentMergeInput, StudentMergeResponse } from '@srs/shared/student-merge';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import type { App } from '../../types.ts';
import { dispatchMail } from '../mail/public.ts';
import { mergeStudents } from './student-merge.ts';
import { studentRules } from './student-rules.ts';

/** POST /students/merge (issue 27): two records of one person made one; undone from /versions. */
export async function studentMergeRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.post(
    '/api/students/merge',
    {
      // Deletes one of the two: for those who may delete a student (admins of its school).
      config: { roles: studentRules.destroy.roles },
      schema: {
        tags: ['students'],
        summary: 'Merge two records of one person: chosen values kept, everything of the other moved, the other deleted (undone from /versions)',
        body: StudentMergeInput,
        response: { 200: StudentMergeResponse },
      },
    },
    async (request) => {
      const { outboxIds, ...result } = await db.transaction((tx) => mergeStudents(tx, request.actor, request.body, publicUrl(env)));
      await dispatchMail(app, request.log, outboxIds);
      return result;
    },
  );
}
