import { IdParams } from '@srs/shared/common';
import {
  SchoolCoursesQuery,
  SchoolCoursesResponse,
  SchoolInstructorsResponse,
  SchoolSeminarsResponse,
} from '@srs/shared/schools';
import { StudentListQuery, StudentListResponse } from '@srs/shared/students';
import { visibleId } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { sendStudentList } from '../students/public.ts';
import { schoolCourses, schoolInstructors, schoolSeminars } from './school-tabs.queries.ts';
import { schoolReaders } from './school-rules.ts';

/** The tabs of the school page: instructors, courses, seminars and students (SPEC section 2). */
export async function schoolTabRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  const config = { roles: schoolReaders, record: 'school' } as const;

  app.get(
    '/api/schools/:id/instructors',
    {
      config,
      schema: {
        tags: ['schools'],
        summary: 'The people holding a role in the school',
        params: IdParams,
        response: { 200: SchoolInstructorsResponse },
      },
    },
    async (request) => ({
      instructors: await schoolInstructors(db, request.actor.scope, visibleId(request, 'school')),
    }),
  );

  app.get(
    '/api/schools/:id/courses',
    {
      config,
      schema: {
        tags: ['schools'],
        summary: 'The courses it offers; with offerable=true, the active catalogue courses it does not offer yet',
        params: IdParams,
        querystring: SchoolCoursesQuery,
        response: { 200: SchoolCoursesResponse },
      },
    },
    async (request) => ({
      courses: await schoolCourses(
        db,
        request.actor.scope,
        visibleId(request, 'school'),
        request.query.offerable === 'true',
      ),
    }),
  );

  app.get(
    '/api/schools/:id/seminars_offered',
    {
      config,
      schema: {
        tags: ['schools'],
        summary: 'The seminars it holds or takes part in',
        params: IdParams,
        response: { 200: SchoolSeminarsResponse },
      },
    },
    async (request) => ({ seminars: await schoolSeminars(db, request.actor.scope, visibleId(request, 'school')) }),
  );

  app.get(
    '/api/schools/:id/students',
    {
      config: { ...config, userLimit: 'search' },
      schema: {
        tags: ['schools'],
        summary: "The school's students, with the student list's filters, sorting and pages",
        params: IdParams,
        querystring: StudentListQuery,
        response: { 200: StudentListResponse },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, school_id_eq: visibleId(request, 'school') };
      return sendStudentList(reply, db, request.actor.scope, query, env);
    },
  );
}
