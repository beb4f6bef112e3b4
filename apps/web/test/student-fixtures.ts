import type { TokenUser } from '@srs/shared/roles';
import type { Student } from '@srs/shared/students';
import type { AppConfig } from '@srs/shared/users';
import { vi } from 'vitest';
import { jsonResponse } from './support.tsx';

export const schoolAdmin: TokenUser = {
  id: 2,
  first_name: 'Sam',
  last_name: 'Admin',
  email: 'school.admin@demo.test',
  admin: false,
  roles: [
    { id: 2, role_type: 'school_admin', organization_type: 'School', organization_id: 3, organization_name: 'Central' },
  ],
};

export const appConfig: AppConfig = {
  support_email: 'support@schools.test',
  training_url: 'https://training.test',
  help_guide_url: 'https://help.test',
  demo_accounts: [],
  demo_password: null,
  features: { interest_tracking: false },
  default_background_image_url: '/backgrounds/default.svg',
  min_search_length: 2,
};

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
    instructor: { id: 2, first_name: 'Sam', last_name: 'Admin' },
    school: { id: 3, school_code: '101', church_name: 'Central' },
    course_enrollments: [],
    seminar_enrollments: [],
    ...overrides,
  };
}

export type Call = { method: string; path: string; search: URLSearchParams; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (the path after /api); every call is recorded.
 * A call nobody answers is a 500, so that a test never passes on a request it did not expect.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, search: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler(call);
    if (method === 'GET' && path === '/config') return jsonResponse(appConfig);
    return jsonResponse({ error: `unexpected ${method} ${path}` }, 500, 'Internal Server Error');
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, fetchMock, callsTo };
}
