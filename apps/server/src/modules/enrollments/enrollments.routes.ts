import { IdParams, ListQuery } from '@srs/shared/common';
import {
  DecisionsSummaryResponse,
  EnrollmentCreateInput,
  EnrollmentDetail,
  EnrollmentUpdateInput,
  FollowupListResponse,
  TakeAttendanceInput,
  TakeAttendanceResponse,
} from '@srs/shared/enrollments';
import { admins, everyone } from '@srs/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import { paginationOf } from '../../lib/lists.ts';
import { notFound } from '../../plugins/errors.ts';
import type { App } from '../../types.ts';
import { takeAttendance } from './attendance.ts';
import { decisionsSummary } from './decisions-summary.queries.ts';
import { findEnrollmentDetail } from './enrollment-detail.queries.ts';
import { listNeedingFollowup } from './enrollments.queries.ts';
import { type Actor, createEnrollment, deleteEnrollment, updateEnrollment } from './enrollments.service.ts';

const actorOf = (request: FastifyRequest): Actor => ({ scope: request.scope, userId: request.user.id });

export async function enrollmentRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  const detail = async (request: FastifyRequest, id: number) => {
    const enrollment = await findEnrollmentDetail(db, request.scope, id, env.FOLLOWUP_DAYS);
    if (!enrollment) throw notFound('Enrollment');
    return enrollment;
  };

  app.get(
    '/api/enrollments/needing_followup',
    {
      config: { roles: everyone },
      schema: {
        tags: ['enrollments'],
        summary: 'Enrollments needing follow-up (DOMAIN.md), oldest follow-up first',
        querystring: ListQuery,
        response: { 200: FollowupListResponse },
      },
    },
    async (request) => {
      const { enrollments, total } = await listNeedingFollowup(db, request.scope, request.query, env.FOLLOWUP_DAYS);
      return { enrollments, pagination: paginationOf(request.query, total, enrollments.length) };
    },
  );

  // A static path: find-my-way prefers it to `/api/enrollments/:id` whatever the order.
  app.put(
    '/api/enrollments/take_attendance',
    {
      config: { roles: everyone },
      schema: {
        tags: ['enrollments'],
        summary: 'Who attended one presentation; answers how many attendances changed',
        body: TakeAttendanceInput,
        response: { 200: TakeAttendanceResponse },
      },
    },
    async (request) => ({ updated: await takeAttendance(db, actorOf(request), request.body) }),
  );

  app.get(
    '/api/enrollments/:id',
    {
      config: { roles: everyone },
      schema: { tags: ['enrollments'], params: IdParams, response: { 200: EnrollmentDetail } },
    },
    async (request) => detail(request, request.params.id),
  );

  app.get(
    '/api/enrollments/:id/decisions_summary',
    {
      config: { roles: everyone },
      schema: { tags: ['enrollments'], params: IdParams, response: { 200: DecisionsSummaryResponse } },
    },
    async (request) => {
      const options = await decisionsSummary(db, request.scope, request.params.id);
      if (!options) throw notFound('Enrollment');
      return { decision_options: options };
    },
  );

  app.post(
    '/api/enrollments',
    {
      config: { roles: everyone },
      schema: {
        tags: ['enrollments'],
        summary: 'Enroll a student in a course or seminar (JSON or multipart form fields)',
        body: EnrollmentCreateInput,
        response: { 201: EnrollmentDetail },
      },
    },
    async (request, reply) => {
      const { id, outboxIds } = await createEnrollment(db, actorOf(request), request.body, publicUrl(env));
      // After the commit: the mail exists exactly when the enrollment does.
      if (outboxIds.length > 0) await app.mailer.dispatch(outboxIds);
      return reply.code(201).send(await detail(request, id));
    },
  );

  app.put(
    '/api/enrollments/:id',
    {
      config: { roles: everyone },
      schema: {
        tags: ['enrollments'],
        summary: 'Status and nested records (visits, lessons, products, reminders, attendances), in one transaction',
        params: IdParams,
        body: EnrollmentUpdateInput,
        response: { 200: EnrollmentDetail },
      },
    },
    async (request) => {
      await updateEnrollment(db, actorOf(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.delete(
    '/api/enrollments/:id',
    { config: { roles: admins }, schema: { tags: ['enrollments'], params: IdParams } },
    async (request, reply) => {
      await deleteEnrollment(db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
