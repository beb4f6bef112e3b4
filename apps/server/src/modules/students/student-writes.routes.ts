import { IdParams } from '@srs/shared/common';
import { AveryLabelsPrinted, StudentCreateInput, StudentDetail, StudentUpdateInput } from '@srs/shared/students';
import type { FastifyRequest } from 'fastify';
import { type Visible, visibleId, visibleOr404 } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import type { App } from '../../types.ts';
import { dispatchMail } from '../mail/public.ts';
import { schoolRules } from '../schools/public.ts';
import { studentDetail, studentRules } from './student-rules.ts';
import { findStudent } from './students.queries.ts';
import { createStudent, deleteStudent, markAveryLabelPrinted, updateStudent } from './students.service.ts';

export async function studentWriteRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  const detail = async (request: FastifyRequest, id: Visible<'student'>) =>
    studentDetail(request.user, request.actor, await findStudent(db, id, env.FOLLOWUP_DAYS));

  app.post(
    '/api/students',
    {
      config: { roles: schoolRules.add_student.roles },
      schema: {
        tags: ['students'],
        summary: 'Create a student (201); a retried request_key answers the student already created (200)',
        body: StudentCreateInput,
        response: { 200: StudentDetail, 201: StudentDetail },
      },
    },
    async (request, reply) => {
      const result = await createStudent(db, request.actor, request.body, {
        baseUrl: publicUrl(env),
        addedBy: request.user,
      });
      await dispatchMail(app, request.log, result.outboxIds);
      const student = await detail(request, await visibleOr404(db, request.actor.scope, 'student', result.studentId));
      return reply.code(result.created ? 201 : 200).send(student);
    },
  );

  app.put(
    '/api/students/:id',
    {
      config: { roles: studentRules.update.roles, record: 'student' },
      schema: {
        tags: ['students'],
        params: IdParams,
        body: StudentUpdateInput,
        response: { 200: StudentDetail },
      },
    },
    async (request) => {
      const id = visibleId(request, 'student');
      await updateStudent(db, request.actor, id, request.body);
      return detail(request, id);
    },
  );

  app.delete(
    '/api/students/:id',
    {
      config: { roles: studentRules.destroy.roles, record: 'student' },
      schema: { tags: ['students'], summary: 'Delete a student; its version keeps every dependent row', params: IdParams },
    },
    async (request, reply) => {
      await deleteStudent(db, request.actor, visibleId(request, 'student'));
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/students/:id/update_avery_labels',
    {
      // Printing a label is part of keeping the profile: whoever edits the student.
      config: { roles: studentRules.update.roles, record: 'student' },
      schema: {
        tags: ['students'],
        summary: "Record that the student's mailing label was printed",
        params: IdParams,
        response: { 200: AveryLabelsPrinted },
      },
    },
    async (request) => markAveryLabelPrinted(db, request.actor, visibleId(request, 'student')),
  );
}
