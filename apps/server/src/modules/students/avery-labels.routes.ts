import { everyone } from '@srs/shared/roles';
import { AveryLabelsQuery } from '@srs/shared/students';
import { today } from '../../core/csv.ts';
import { invalid } from '../../core/errors.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { labelStudents } from './avery-labels.queries.ts';
import { averyLabelsPdf } from './avery-labels.ts';

/** One PDF holds at most this many labels (100 sheets): larger prints are split by the user. */
export const maxLabels = 3000;

export async function averyLabelRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/students/avery_labels',
    {
      config: { roles: everyone, userLimit: 'labels' },
      schema: {
        tags: ['students'],
        summary: 'Avery 5160 mailing labels (PDF) of the chosen students or the current filter',
        querystring: AveryLabelsQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const students = await labelStudents(db, request.actor.scope, request.query, env.FOLLOWUP_DAYS, maxLabels);
      if (students.length === 0) throw invalid('None of the chosen students can receive mail.');
      if (students.length > maxLabels) {
        throw invalid(`At most ${maxLabels} labels can be printed at once. Choose fewer students.`);
      }
      const pdf = await averyLabelsPdf(students, request.query.start_position, requestLanguage(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="avery-labels-${today()}.pdf"`)
        .header('x-student-ids', students.map((student) => student.id).join(','))
        .header('x-label-count', String(students.length))
        .send(pdf);
    },
  );
}
