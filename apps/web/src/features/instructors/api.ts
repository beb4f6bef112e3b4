import { schoolEndpoints } from '@srs/shared/endpoints/schools';
import { signupEndpoints } from '@srs/shared/endpoints/signup';
import { userEndpoints } from '@srs/shared/endpoints/users';
import type { Role, RoleType } from '@srs/shared/roles';
import type { UserInputFields, UserItem, UserUpdateFields } from '@srs/shared/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForgetWhenLeft } from '../../lib/forget-when-left.ts';
import { call, type QueryParams } from '../../lib/http.ts';
import { schoolKeys, userKeys } from '../../lib/query-keys.ts';
import { instructorsText } from './messages.ts';

export const defaultInstructorSort = 'name';

export const instructorsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: userKeys.instructors(query),
    queryFn: ({ signal }) => call(userEndpoints.list, { query: { ...query, role: 'instructor' }, signal }),
    placeholderData: keepPreviousData,
  });

export function instructorName(user: Pick<UserItem, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`;
}

/** The schools (or conferences) an instructor user works in, from their roles. */
export function instructorSchools(user: UserItem): string {
  const names = user.roles
    .filter((role) => role.role_type === 'instructor' && role.organization_name)
    .map((role) => role.organization_name);
  return [...new Set(names)].join(', ') || '-';
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => call(userEndpoints.detail, { params: { id }, signal }),
  });

/** The students tab: the student list's search, sort and pages, for one instructor. */
export const userStudentsQuery = (id: number, query: QueryParams) =>
  queryOptions({
    queryKey: userKeys.students(id, query),
    queryFn: ({ signal }) => call(userEndpoints.students, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const userCoursesQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.courses(id),
    queryFn: ({ signal }) => call(userEndpoints.courses, { params: { id }, signal }),
  });

/**
 * The school an 'Add an instructor' link names (/instructors/new?school_id=…, GET /schools/{id}):
 * its permissions say whether this admin may add to it. Quietly: a link to a school out of reach
 * only leaves the School empty, it is no error. The school page's own load shares the key.
 */
export const linkedSchoolQuery = (id: number) =>
  queryOptions({
    queryKey: schoolKeys.detail(id),
    queryFn: ({ signal }) => call(schoolEndpoints.detail, { params: { id }, signal, toastErrors: false }),
    retry: false,
  });

/** The schools with their conferences, for the role picker (GET /schools, the user's scope). */
export const roleSchoolsQuery = queryOptions({
  queryKey: schoolKeys.list({ per_page: 500, sortBy: 'school_code' }),
  queryFn: ({ signal }) => call(schoolEndpoints.list, { query: { per_page: 500, sortBy: 'school_code' }, signal }),
  staleTime: 5 * 60_000,
});

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserInputFields) => call(userEndpoints.create, { body }),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(user.id), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateFields) => call(userEndpoints.update, { params: { id }, body }),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(id), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useWelcomeEmail(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(userEndpoints.welcomeEmail, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}

export function useDeleteMfa(id: number) {
  return useMutation({ mutationFn: () => call(userEndpoints.deleteMfa, { params: { id } }) });
}

/** DELETE /users/{id}: the lists forget the user; the page leaves before its record is dropped. */
export function useDeleteUser(id: number) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => call(userEndpoints.destroy, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.instructors({}).slice(0, 2) }),
  });
  useForgetWhenLeft(mutation.isSuccess, userKeys.detail, id);
  return mutation;
}

export const signupRequestsQuery = queryOptions({
  queryKey: userKeys.signupRequests(),
  queryFn: ({ signal }) => call(signupEndpoints.pending, { signal }),
});

export function useDecideSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; decision: 'approve' | 'decline' }) => call(signupEndpoints.decide, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

const roleLabelKeys = {
  global_admin: 'globalAdmin',
  conference_admin: 'conferenceAdmin',
  school_admin: 'schoolAdmin',
  instructor: 'instructor',
} as const satisfies Record<RoleType, string>;
/** 'School admin', in the language of the moment (docs/glossary-es.md: 'Administrador de la escuela'). */
export const roleLabel = (roleType: RoleType) => instructorsText.t(roleLabelKeys[roleType]);

/** 'School admin · (#101) First Church' */
export function roleText(role: Pick<Role, 'role_type' | 'organization_name'>): string {
  return role.organization_name ? `${roleLabel(role.role_type)} · ${role.organization_name}` : roleLabel(role.role_type);
}
