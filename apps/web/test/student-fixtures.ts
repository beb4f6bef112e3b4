import type { EnrollmentDetail } from '@srs/shared/enrollments';
import type { Student, StudentDetail, StudentPermissions } from '@srs/shared/students';
import { type ApiCall, appConfig, jsonResponse, stubApi, unexpectedCall } from './support.tsx';

export function makeStudent(id: number, overrides: Partial<Student> = {}): Student {
  return {
    id,
    first_name: `First${id}`,
    middle_name: null,
    last_name: `Last${id}`,
    address: `${id} Main St`,
    address_2: null,
    city: 'Springfield',
    state: 'IL',
    country: 'United States',
    zip_code: '62701',
    email: null,
    phone: null,
    social_media: null,
    include_in_mailing_list: 'if_address_valid',
    created_at: '2026-01-15T10:00:00.000Z',
    erased_at: null,
    instructor: { id: 2, first_name: 'Sam', last_name: 'Admin' },
    school: { id: 3, school_code: '101', church_name: 'Central' },
    course_enrollments: [],
    seminar_enrollments: [],
    ...overrides,
  };
}

/** A student as GET /students/{id} answers: with what the signed-in user may do (all, unless given). */
export function makeStudentDetail(
  id: number,
  overrides: Partial<Student> = {},
  permissions: Partial<StudentPermissions> = {},
): StudentDetail {
  return {
    ...makeStudent(id, overrides),
    permissions: { update: true, destroy: true, reassign: true, share: true, enroll: true, ...permissions },
  };
}

/** An enrollment's detail with nothing recorded on it yet: no lessons, attendances, visits, reminders or products. */
export function noRecords(): Pick<
  EnrollmentDetail,
  'episode_deliveries' | 'attendances' | 'visits' | 'reminders' | 'product_deliveries'
> {
  return { episode_deliveries: [], attendances: [], visits: [], reminders: [], product_deliveries: [] };
}

export type Call = ApiCall;
type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (the path after /api); every call is recorded.
 * GET /config answers the app config unless a handler does; any other call nobody answers is a 500.
 */
export function mockApi(handlers: Record<string, Handler>) {
  return stubApi((call) => {
    const handler = handlers[`${call.method} ${call.path}`];
    if (handler) return handler(call);
    if (call.method === 'GET' && call.path === '/config') return jsonResponse(appConfig);
    return unexpectedCall(call);
  });
}
