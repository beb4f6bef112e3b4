import { IdParams } from '@srs/shared/common';
import { StudentListQuery, StudentListResponse } from '@srs/shared/students';
import { UserCoursesResponse, UserDetail, UserSimpleListQuery, UserSimpleListResponse } from '@srs/shared/users';
import { visibleId } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { sendStudentList } from '../students/public.ts';
import { findUser, simpleUsers, userCourses } from './user-detail.queries.ts';
import { createUserRoles, userDetail } from './user-rules.ts';

/** The instructor pages are for admins (SPEC section 2); global admins open them too (docs/decisions.md). */
const userReaders = createUserRoles;

export async function userDetailRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/users/simple_list',
    {
      config: { roles: userReaders },
      schema: {
        tags: ['users'],
        summary: 'Active users in scope, by school and role type (picking a head school admin)',
        querystring: UserSimpleListQuery,
        response: { 200: UserSimpleListResponse },
      },
    },
    async (request) => ({ users: await simpleUsers(db, request.actor.scope, request.query) }),
  );

  app.get(
    '/api/users/:id',
    {
      config: { roles: userReaders, record: 'user' },
      schema: { tags: ['users'], params: IdParams, response: { 200: UserDetail } },
    },
    async (request) => {
      const { detail, facts } = await findUser(db, request.actor.scope, visibleId(request, 'user'));
      return userDetail(request.user, request.actor, detail, facts);
    },
  );

  app.get(
    '/api/users/:id/students',
    {
      config: { roles: userReaders, record: 'user' },
      schema: {
        tags: ['users'],
        summary: "The user's students (those the caller sees), with the student list's search and paging",
        params: IdParams,
        querystring: StudentListQuery,
        response: { 200: StudentListResponse },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, instructor_id_eq: visibleId(request, 'user') };
      return sendStudentList(reply, db, request.actor.scope, query, env);
    },
  );

  app.get(
    '/api/users/:id/courses',
    {
      config: { roles: userReaders, record: 'user' },
      schema: {
        tags: ['users'],
        summary: "The courses and seminars the user's students take, with students by status",
        params: IdParams,
        response: { 200: UserCoursesResponse },
      },
    },
    async (request) => ({ courses: await userCourses(db, request.actor.scope, visibleId(request, 'user')) }),
  );
}
