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
import { DueRemindersResponse } from '@srs/shared/reminders';
import { everyone } from '@srs/shared/roles';
import type { FastifyRequest } from 'fastify';
import { today } from '../../core/csv.ts';
import { paginationOf } from '../../core/lists.ts';
import { type Visible, visibleId, visibleOr404 } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import type { App } from '../../types.ts';
import { decisionsSummary } from './decisions-summary.queries.ts';
import { findEnrollmentDetail } from './enrollment-detail.queries.ts';
import { enrollmentPermissions, enrollmentRules, enrollRule } from './enrollment-rules.ts';
import { listNeedingFollowup } from './enrollments.queries.ts';
import { createEnrollment, deleteEnrollment, updateEnrollment } from './enrollments.service.ts';
import { listRemindersDue } from './reminders-due.queries.ts';
import { takeAttendance } from './take-attendance.ts';

export async function enrollmentRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  /** The enrollment as GET /enrollments/{id} answers it, with the signed-in user's permissions. */
  const detail = async (request: FastifyRequest, id: Visible<'enrollment'>) => {
    const enrollment = await findEnrollmentDetail(db, id, env.FOLLOWUP_DAYS);
    const permissions = enrollmentPermissions(request.user, request.actor, { schoolId: enrollment.school.id });
    return { ...enrollment, permissions };
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
      const { enrollments, total, more } = await listNeedingFollowup(
        db,
        request.actor.scope,
        request.query,
        env.FOLLOWUP_DAYS,
      );
      return { enrollments, pagination: paginationOf(request.query, total, enrollments.length, more) };
    },
  );

  app.get(
    '/api/enrollments/reminders_due',
    {
      config: { roles: everyone },
      schema: {
        tags: ['enrollments'],
        summary: 'Reminders due today and overdue in the follow-up scope, the enrollment waiting longest first',
        querystring: ListQuery,
        response: { 200: DueRemindersResponse },
      },
    },
    async (request) => {
      const { reminders, total, more } = await listRemindersDue(db, request.actor.scope, request.query, today());
      return { reminders, pagination: paginationOf(request.query, total, reminders.length, more) };
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
    async (request) => ({ updated: await takeAttendance(db, request.actor, request.body) }),
  );

  app.get(
    '/api/enrollments/:id',
    {
      config: { roles: everyone, record: 'enrollment' },
      schema: { tags: ['enrollments'], params: IdParams, response: { 200: EnrollmentDetail } },
    },
    async (request) => detail(request, visibleId(request, 'enrollment')),
  );

  app.get(
    '/api/enrollments/:id/decisions_summary',
    {
      config: { roles: everyone, record: 'enrollment' },
      schema: { tags: ['enrollments'], params: IdParams, response: { 200: DecisionsSummaryResponse } },
    },
    async (request) => ({ decision_options: await decisionsSummary(db, visibleId(request, 'enrollment')) }),
  );

  app.post(
    '/api/enrollments',
    {
      config: { roles: enrollRule.roles },
      schema: {
        tags: ['enrollments'],
        summary: 'Enroll a student in a course or seminar (JSON or multipart form fields)',
        body: EnrollmentCreateInput,
        response: { 201: EnrollmentDetail },
      },
    },
    async (request, reply) => {
      const { id, outboxIds } = await createEnrollment(db, request.actor, request.body, publicUrl(env));
      // After the commit: the mail exists exactly when the enrollment does.
      if (outboxIds.length > 0) await app.mailer.dispatch(outboxIds);
      return reply.code(201).send(await detail(request, await visibleOr404(db, request.actor.scope, 'enrollment', id)));
    },
  );

  app.put(
    '/api/enrollments/:id',
    {
      config: { roles: enrollmentRules.update.roles, record: 'enrollment' },
      schema: {
        tags: ['enrollments'],
        summary: 'Status and nested records (visits, lessons, products, reminders, attendances), in one transaction',
        params: IdParams,
        body: EnrollmentUpdateInput,
        response: { 200: EnrollmentDetail },
      },
    },
    async (request) => {
      const id = visibleId(request, 'enrollment');
      await updateEnrollment(db, request.actor, id, request.body);
      return detail(request, id);
    },
  );

  app.delete(
    '/api/enrollments/:id',
    { config: { roles: enrollmentRules.destroy.roles, record: 'enrollment' }, schema: { tags: ['enrollments'], params: IdParams } },
    async (request, reply) => {
      await deleteEnrollment(db, request.actor, visibleId(request, 'enrollment'));
      return reply.code(204).send();
    },
  );
}
