import { IdParams } from '../common.ts';
import { StudentListQuery, StudentListResponse } from '../students.ts';
import {
  ShareUsersQuery,
  ShareUsersResponse,
  UserCoursesResponse,
  UserDetail,
  UserInput,
  UserListQuery,
  UserListResponse,
  UserSimpleListQuery,
  UserSimpleListResponse,
  UserUpdateInput,
  WelcomeEmailResponse,
} from '../users.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const userEndpoints = {
  list: endpoint({ method: 'GET', path: '/users', query: UserListQuery, response: UserListResponse }),
  /** The staff a student can be shared with. */
  share: endpoint({ method: 'GET', path: '/users/share', query: ShareUsersQuery, response: ShareUsersResponse }),
  simpleList: endpoint({
    method: 'GET',
    path: '/users/simple_list',
    query: UserSimpleListQuery,
    response: UserSimpleListResponse,
  }),
  detail: endpoint({ method: 'GET', path: '/users/:id', ...byId, response: UserDetail }),
  create: endpoint({ method: 'POST', path: '/users', body: UserInput, response: UserDetail }),
  update: endpoint({ method: 'PUT', path: '/users/:id', ...byId, body: UserUpdateInput, response: UserDetail }),
  destroy: endpoint({ method: 'DELETE', path: '/users/:id', ...byId, response: null }),
  welcomeEmail: endpoint({ method: 'POST', path: '/users/:id/welcome_email', ...byId, response: WelcomeEmailResponse }),
  deleteMfa: endpoint({ method: 'DELETE', path: '/users/:id/delete_mfa', ...byId, response: null }),
  students: endpoint({
    method: 'GET',
    path: '/users/:id/students',
    ...byId,
    query: StudentListQuery,
    response: StudentListResponse,
  }),
  courses: endpoint({ method: 'GET', path: '/users/:id/courses', ...byId, response: UserCoursesResponse }),
};
