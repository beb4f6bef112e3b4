import { IdParams } from '@srs/shared/common';
import { admins, everyone } from '@srs/shared/roles';
import { AveryLabelsPrinted, Student, StudentCreateInput, StudentUpdateInput } from '@srs/shared/students';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import { notFound } from '../../plugins/errors.ts';
import type { App } from '../../types.ts';
import { findStudent } from './students.queries.ts';
import { createStudent, deleteStudent, markAveryLabelPrinted, updateStudent } from './students.service.ts';

/** Mail leaves after the commit; if the queue refuses it, the row waits in the outbox for the start-up sweep. */
async function dispatchMail(app: App, log: FastifyBaseLogger, outboxIds: number[]) {
  if (outboxIds.length === 0) return;
  try {
    await app.mailer.dispatch(outboxIds);
  } catch (error) {
    log.error({ err: error, outboxIds }, 'mail left pending in the outbox');
  }
}

export async function studentWriteRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.post(
    '/api/students',
    {
      config: { roles: everyone },
      schema: {
        tags: ['students'],
        summary: 'Create a student (201); a retried request_key answers the student already created (200)',
        body: StudentCreateInput,
        response: { 200: Student, 201: Student },
      },
    },
    async (request, reply) => {
      const result = await createStudent(db, request, request.body, publicUrl(env));
      await dispatchMail(app, request.log, result.outboxIds);
      const student = await findStudent(db, request.scope, result.studentId);
      if (!student) throw notFound('Student');
      return reply.code(result.created ? 201 : 200).send(student);
    },
  );

  app.put(
    '/api/students/:id',
    {
      config: { roles: everyone },
      schema: {
        tags: ['students'],
        params: IdParams,
        body: StudentUpdateInput,
        response: { 200: Student },
      },
    },
    async (request) => {
      await updateStudent(db, request.scope, request.params.id, request.body);
      const student = await findStudent(db, request.scope, request.params.id);
      if (!student) throw notFound('Student');
      return student;
    },
  );

  app.delete(
    '/api/students/:id',
    {
      config: { roles: admins },
      schema: { tags: ['students'], summary: 'Delete a student; its version keeps every dependent row', params: IdParams },
    },
    async (request, reply) => {
      await deleteStudent(db, request.scope, request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/students/:id/update_avery_labels',
    {
      config: { roles: everyone },
      schema: {
        tags: ['students'],
        summary: "Record that the student's mailing label was printed",
        params: IdParams,
        response: { 200: AveryLabelsPrinted },
      },
    },
    async (request) => markAveryLabelPrinted(db, request.scope, request.params.id),
  );
}
