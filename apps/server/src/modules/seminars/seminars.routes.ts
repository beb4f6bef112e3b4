import { IdParams } from '@srs/shared/common';
import { humanize } from '@srs/shared/messages';
import { admins } from '@srs/shared/roles';
import {
  AssignSeveralInput,
  AssignSeveralResponse,
  AssignStudentInput,
  AssignStudentResponse,
  AssignStudentsQuery,
  AssignStudentsResponse,
  AttendancesQuery,
  AttendancesResponse,
  maxTickets,
  ParticipatingSchoolsResponse,
  RecentlyAssignedResponse,
  SeminarStudentsQuery,
  SeminarStudentsResponse,
  TicketsQuery,
} from '@srs/shared/seminars';
import type { FastifyRequest } from 'fastify';
import { today } from '../../core/csv.ts';
import { invalid } from '../../core/errors.ts';
import { paginationOf } from '../../core/lists.ts';
import { visibleId } from '../../core/records.ts';
import { sharedText } from '../../core/i18n.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import type { App } from '../../types.ts';
import { createEnrollment } from '../enrollments/public.ts';
import { assignSeveral, refusalOf } from './seminar-assign.ts';
import { mayAddSchool, mayRemoveSchool } from './seminar-rules.ts';
import { seminarTicketsPdf } from './seminar-tickets.ts';
import {
  assignableStudents,
  attendanceGrid,
  participatingSchools,
  recentlyAssigned,
  seminarOr404,
  seminarStudentOf,
  seminarStudents,
  ticketRows,
} from './seminars.queries.ts';

/**
 * The seminar-only calls (SPEC section 7). Each names its series by :id (the record-scope plugin
 * has checked it is in the user's scope); a course there answers 404. Admins only: instructors
 * open none of the seminar pages (docs/decisions.md, Administration: seminars).
 */
export async function seminarRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  const seminarOf = (request: FastifyRequest) => seminarOr404(db, visibleId(request, 'series'));
  const config = { roles: admins, record: 'series' } as const;

  app.get(
    '/api/series/:id/students',
    {
      config: { ...config, userLimit: 'search' },
      schema: {
        tags: ['seminars'],
        summary: "The seminar's enrollments whose students the user sees (list behaviour of SPEC section 2)",
        params: IdParams,
        querystring: SeminarStudentsQuery,
        response: { 200: SeminarStudentsResponse },
      },
    },
    async (request) => {
      const seminar = await seminarOf(request);
      const { students, total } = await seminarStudents(db, request.actor.scope, seminar.id, request.query);
      return { students, pagination: paginationOf(request.query, total, students.length) };
    },
  );

  app.get(
    '/api/series/:id/assign_students',
    {
      config: { ...config, userLimit: 'search' },
      schema: {
        tags: ['seminars'],
        summary: "Students the user sees, of the seminar's host and participating schools, not yet enrolled in it",
        params: IdParams,
        querystring: AssignStudentsQuery,
        response: { 200: AssignStudentsResponse },
      },
    },
    async (request) => {
      const seminar = await seminarOf(request);
      const { students, total } = await assignableStudents(db, request.actor.scope, seminar.id, request.query);
      return { students, pagination: paginationOf(request.query, total, students.length) };
    },
  );

  app.put(
    '/api/series/:id/assign_student',
    {
      config,
      schema: {
        tags: ['seminars'],
        summary: "Enrolls a student in the seminar (status Applied), through the enrollments module's create path",
        params: IdParams,
        body: AssignStudentInput,
        response: { 200: AssignStudentResponse },
      },
    },
    async (request) => {
      const seminar = await seminarOf(request);
      const { student_id: studentId, notify_instructor_by_email: notify } = request.body;
      const { id, outboxIds } = await createEnrollment(
        db,
        request.actor,
        { student_id: studentId, series_id: seminar.id, notify_instructor_by_email: notify ?? false },
        publicUrl(env),
      );
      if (outboxIds.length > 0) await app.mailer.dispatch(outboxIds);
      return seminarStudentOf(db, id);
    },
  );

  app.put(
    '/api/series/:id/assign_students',
    {
      config,
      schema: {
        tags: ['seminars'],
        summary:
          'Enrolls several students in the seminar (status Applied) in one transaction, each checked as assign_student checks one; a refused student does not stop the others, each has its result',
        params: IdParams,
        body: AssignSeveralInput,
        response: { 200: AssignSeveralResponse },
      },
    },
    async (request, reply) => {
      const seminar = await seminarOf(request);
      // Each refused student's reason as the error handler would say it, in the reader's language.
      const language = requestLanguage(request);
      const why = (error: unknown) =>
        refusalOf(error, (refused) => reply.errorAnswer(refused), (field) => sharedText(humanize(field), language));
      const { answer, outboxIds } = await assignSeveral(db, request.actor, seminar.id, request.body, publicUrl(env), why);
      if (outboxIds.length > 0) await app.mailer.dispatch(outboxIds);
      return answer;
    },
  );

  app.get(
    '/api/series/:id/recently_assigned',
    {
      config,
      schema: {
        tags: ['seminars'],
        summary: 'The ten newest enrollments of the seminar whose students the user sees',
        params: IdParams,
        response: { 200: RecentlyAssignedResponse },
      },
    },
    async (request) => ({ students: await recentlyAssigned(db, request.actor.scope, (await seminarOf(request)).id) }),
  );

  app.get(
    '/api/series/:id/participating_schools_instructors',
    {
      config,
      schema: {
        tags: ['seminars'],
        summary: 'The hosting school and the participating schools, each with its instructors',
        params: IdParams,
        response: { 200: ParticipatingSchoolsResponse },
      },
    },
    async (request) => {
      const seminar = await seminarOf(request);
      const { scope } = request.actor;
      const found = await participatingSchools(db, scope, seminar.id);
      const schools = found.map((school) => ({
        ...school,
        can_remove: !school.hosting && mayRemoveSchool(scope, seminar.school_id, school.id),
      }));
      const ids = schools.map((school) => school.id);
      return { schools, can_add: mayAddSchool(scope, seminar.school_id, ids) };
    },
  );

  app.get(
    '/api/series/:id/attendances',
    {
      config: { ...config, userLimit: 'search' },
      schema: {
        tags: ['seminars'],
        summary: 'The attendance grid: presentations, and per enrollment the user sees, the presentations attended',
        params: IdParams,
        querystring: AttendancesQuery,
        response: { 200: AttendancesResponse },
      },
    },
    async (request) => attendanceGrid(db, request.actor.scope, (await seminarOf(request)).id, request.query.query),
  );

  app.get(
    '/api/series/:id/tickets.pdf',
    {
      config: { ...config, userLimit: 'labels' },
      schema: {
        tags: ['seminars'],
        summary: 'Admission tickets (PDF), eight to an A4 or Letter page, of the chosen enrollments or every active one',
        params: IdParams,
        querystring: TicketsQuery,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const seminar = await seminarOf(request);
      const tickets = await ticketRows(db, request.actor.scope, seminar.id, request.query.ids, maxTickets);
      if (tickets.length === 0) throw invalid('There are no students to print tickets for.');
      if (tickets.length > maxTickets) {
        throw invalid(`At most ${maxTickets} tickets can be printed at once. Choose fewer students.`);
      }
      const pdf = await seminarTicketsPdf(seminar, tickets, request.query.paper, requestLanguage(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="seminar-tickets-${today()}.pdf"`)
        .header('x-ticket-count', String(tickets.length))
        .send(pdf);
    },
  );
}
