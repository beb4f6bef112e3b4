import type { InterestTrackingResponse } from '@srs/shared/interest-tracking';
import type { TokenUser } from '@srs/shared/roles';
import type { School, SchoolDetail } from '@srs/shared/schools';
import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SchoolHeading } from '../src/features/schools/components/school-heading.tsx';
import { roleLabel } from '../src/features/instructors/api.ts';
import { instructorsText } from '../src/features/instructors/messages.ts';
import { interestsText } from '../src/features/interests/messages.ts';
import { schoolsText } from '../src/features/schools/messages.ts';
import { suggestionReason } from '../src/features/interests/components/unassigned-table.tsx';
import { switchLanguage } from '../src/i18n/load.ts';
import { setToken } from '../src/lib/session.ts';
import * as instructorsList from '../src/routes/instructors-list.tsx';
import * as interestTracking from '../src/routes/interest-tracking.tsx';
import * as schoolOverview from '../src/routes/school-overview.tsx';
import * as schoolsList from '../src/routes/schools-list.tsx';
import { appConfig, makeToken, mockJsonApi, renderWithAppClient, resetAfterEach, schoolAdmin } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const globalAdmin: TokenUser = {
  id: 1,
  first_name: 'Grace',
  last_name: 'Global',
  email: 'global.admin@demo.test',
  admin: false,
  roles: [{ id: 1, role_type: 'global_admin', organization_type: null, organization_id: null, organization_name: null }],
};

const pagination = (total: number) => ({ page: 1, per_page: 25, total_count: total, total_pages: 1 });

const school = (id: number, church_name: string, active = true) =>
  ({
    id,
    school_code: String(100 + id),
    church_name,
    active,
    conference: { id: 1, name: 'North' },
    school_city: 'Springfield',
    school_state: 'IL',
    church_city: null,
    church_state: null,
    students_count: 4,
  }) as unknown as School;

const central = {
  ...school(1, 'Central Church'),
  school_address: '1 Main St',
  school_address_2: null,
  school_zip_code: '62701',
  school_country: 'United States',
  church_address: null,
  church_address_2: null,
  church_zip_code: null,
  church_country: null,
  courses: [],
  head_school_admin_id: 2,
  head_school_admin: true,
  head_school_admin_user: { id: 2, first_name: 'Sam', last_name: 'Admin' },
  claimed_zips: [
    { id: 1, zip_code: '62701' },
    { id: 2, zip_code: '62702' },
  ],
  permissions: {
    add_student: true,
    update: true,
    update_code_and_conference: false,
    destroy: false,
    claim_zips: true,
    offer_series: true,
  },
} as SchoolDetail;

function renderRoute(user: TokenUser, routes: Parameters<typeof createMemoryRouter>[0], path: string) {
  setToken(makeToken(user));
  return renderWithAppClient(createMemoryRouter(routes, { initialEntries: [path] }));
}

/** The school page's frame as the detail route draws it: its heading, then the tab with the school. */
function SchoolFrame() {
  const id = Number(useParams().schoolId);
  const shown = id === central.id ? central : null;
  return shown ? (
    <>
      <SchoolHeading school={shown} />
      <Outlet context={shown} />
    </>
  ) : null;
}

const tracking: InterestTrackingResponse = {
  from: '2026-10',
  to: '2026-11',
  as_of: '2026-11-27',
  months: [
    {
      month: '2026-11',
      schools: [{ school: { id: 3, school_code: 'A1', church_name: 'Alpha Church' }, received: 4, assigned: 3, contacted: 2, enrolled: 1 }],
      total: { received: 4, assigned: 3, contacted: 2, enrolled: 1 },
    },
    { month: '2026-10', schools: [], total: { received: 0, assigned: 0, contacted: 0, enrolled: 0 } },
  ],
  total: { received: 4, assigned: 3, contacted: 2, enrolled: 1 },
  unworked: [
    { key: 'week', label: '0–7 days', count: 1, oldest_received_on: '2026-11-20' },
    { key: 'older', label: 'Over 90 days', count: 2, oldest_received_on: '2025-02-14' },
  ],
  awaiting_contact: [
    { school: { id: 3, school_code: 'A1', church_name: 'Alpha Church' }, count: 2, oldest_assigned_at: '2026-11-15', days_waiting: 1 },
    { school: null, count: 1, oldest_assigned_at: '2026-11-01', days_waiting: 26 },
  ],
};

describe('schools, instructors and interests in Spanish (issue 29)', () => {
  it('draws the schools list in Spanish', async () => {
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /schools': () => ({ schools: [school(1, 'Central Church'), school(2, 'Hillside', false)], pagination: pagination(2) }),
    });
    renderRoute(schoolAdmin, [{ path: '/schools', Component: schoolsList.Component }], '/schools');
    await act(() => switchLanguage('es'));
    expect(await screen.findByRole('heading', { name: 'Escuelas' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Escuelas' });
    // School names are data: never translated.
    expect(await within(table).findByRole('link', { name: 'Hillside' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /NOMBRE DE LA IGLESIA/ })).toBeInTheDocument();
    expect(within(table).getByText('ASOCIACIÓN')).toBeInTheDocument();
    expect(within(table).getByText('Activa')).toBeInTheDocument();
    expect(within(table).getByText('Inactiva')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar códigos reclamados' })).toBeInTheDocument();
  });

  it("draws a school's overview in Spanish, with its plurals", async () => {
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /schools/1/instructors': () => ({
        instructors: [
          { id: 2, first_name: 'Sam', last_name: 'Admin', email: 'sam@demo.test', role_types: ['school_admin'], head_school_admin: true, students_count: 4 },
        ],
      }),
    });
    await act(() => switchLanguage('es'));
    renderRoute(
      schoolAdmin,
      [{ path: '/schools/:schoolId', Component: SchoolFrame, children: [{ path: 'overview', Component: schoolOverview.Component }] }],
      '/schools/1/overview',
    );
    expect(await screen.findByRole('heading', { level: 1, name: '(#101) Central Church' })).toBeInTheDocument();
    expect(screen.getByText('4 estudiantes')).toBeInTheDocument();
    expect(screen.getByText('Asociación: North')).toBeInTheDocument();
    expect(screen.getByText('Código de la escuela')).toBeInTheDocument();
    expect(screen.getByText('Sam Admin recibe los nuevos estudiantes de esta escuela.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Códigos postales reclamados (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liberar el código postal 62702' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reclamar un código postal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dirección de la escuela' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Nombrar administrador principal' })).toBeInTheDocument();
  });

  it('draws the instructors list in Spanish, the requests for an account with their dates day first', async () => {
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /users': () => ({
        users: [
          {
            id: 9,
            first_name: 'Ida',
            last_name: 'Instructor',
            email: 'ida@demo.test',
            students_count: 3,
            roles: [{ id: 4, role_type: 'instructor', organization_type: 'School', organization_id: 1, organization_name: '(#101) Central Church' }],
          },
        ],
        pagination: pagination(1),
      }),
      'GET /signup_requests': () => ({
        signup_requests: [
          {
            id: 5,
            first_name: 'Rosa',
            last_name: 'Request',
            email: 'rosa@demo.test',
            message: null,
            school: { id: 1, school_code: '101', church_name: 'Central Church' },
            created_at: '2026-03-07T10:00:00Z',
          },
        ],
      }),
    });
    await act(() => switchLanguage('es'));
    renderRoute(schoolAdmin, [{ path: '/instructors', Component: instructorsList.Component }], '/instructors');
    expect(await screen.findByRole('heading', { name: 'Instructores' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Instructores' });
    expect(await within(table).findByRole('link', { name: 'Ida Instructor' })).toBeInTheDocument();
    expect(within(table).getByText('ESCUELA')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Solicitudes de cuenta (1)' })).toBeInTheDocument();
    expect(screen.getByText('(#101) Central Church · solicitada el 07/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprobar' })).toBeInTheDocument();
    expect(roleLabel('school_admin')).toBe('Administrador de la escuela');
    expect(roleLabel('conference_admin')).toBe('Administrador de la asociación');
    expect(roleLabel('global_admin')).toBe('Administrador general');
  });

  it('draws the interest tracking page in Spanish: months, plurals, dates day first, shared words', async () => {
    mockJsonApi({
      'GET /config': () => ({ ...appConfig, features: { interest_tracking: true } }),
      'GET /interests/tracking': () => tracking,
      'GET /schools/simple_list': () => ({ schools: [] }),
    });
    await act(() => switchLanguage('es'));
    renderRoute(globalAdmin, [{ path: '/interests/tracking', Component: interestTracking.Component }], '/interests/tracking?from=2026-10&to=2026-11');
    const funnel = await screen.findByRole('table', { name: /Interesados por escuela y mes de recepción/ });
    expect(within(funnel).getByRole('rowheader', { name: 'noviembre de 2026' })).toBeInTheDocument();
    expect(within(funnel).getByText('No se recibieron interesados este mes.')).toBeInTheDocument();
    expect(within(funnel).getByRole('columnheader', { name: 'Asignado' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Embudo por mes de recepción' })).toBeInTheDocument();
    const summary = screen.getByRole('list', { name: 'El embudo de octubre de 2026 a noviembre de 2026, todas las escuelas' });
    expect(within(summary).getByText('75% de los recibidos')).toBeInTheDocument();
    expect(screen.getByText(/aquellos con los que la escuela se puso en contacto/)).toBeInTheDocument();

    const buckets = screen.getByRole('table', { name: 'Nuevos interesados por días desde la recepción' });
    expect(within(buckets).getByText('0–7 días')).toBeInTheDocument();
    expect(within(buckets).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(buckets).getByText('14/02/2025')).toBeInTheDocument();
    expect(screen.getByText('3 nuevos interesados en total')).toBeInTheDocument();
    expect(screen.getByText(/contados hasta el 27\/11\/2026/)).toBeInTheDocument();

    const waiting = screen.getByRole('table', { name: 'Interesados asignados y todavía no contactados, por escuela' });
    expect(within(waiting).getByText('1 día')).toBeInTheDocument();
    expect(within(waiting).getByText('26 días')).toBeInTheDocument();
    expect(within(waiting).getByText('Sin escuela')).toBeInTheDocument();
    expect(suggestionReason({ claimed: false, distance_miles: 7.1 })).toBe('A 7.1 millas');
  });

  it('says a period that ends before it starts in Spanish', async () => {
    mockJsonApi({ 'GET /config': () => appConfig, 'GET /schools/simple_list': () => ({ schools: [] }) });
    await act(() => switchLanguage('es'));
    renderRoute(globalAdmin, [{ path: '/interests/tracking', Component: interestTracking.Component }], '/interests/tracking?from=2026-03&to=2026-01');
    expect(await screen.findByText('Elija un mes Hasta igual o posterior al mes Desde.')).toBeInTheDocument();
    expect(screen.getByText('Hasta debe ser igual o posterior al mes Desde')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Desde el mes' })).toHaveValue('marzo de 2026');
  });

  it('keeps the English word for word: apostrophes, and plurals as the code built them', () => {
    expect(instructorsText.t('instructorCourses')).toBe("Courses and seminars of the instructor's students");
    expect(instructorsText.t('studentsHandedOver', { count: 1 })).toBe(
      "Their student goes to the head school admin of each student's school.",
    );
    expect(instructorsText.t('studentsHandedOver', { count: 3 })).toBe(
      "Their 3 students go to the head school admin of each student's school.",
    );
    expect(schoolsText.t('studentCount', { count: 1 })).toBe('1 student');
    expect(schoolsText.t('studentCount', { count: 1204 })).toBe('1,204 students');
    expect(schoolsText.t('giveUpWarning', { zip: '62701', count: 0 })).toMatch(/The school keeps 0 other zip codes\.$/);
    expect(schoolsText.t('zipImportSummary', { accepted: 1, unchanged: 2, rejected: 0 })).toBe(
      '1 zip code will be claimed; 2 lines already claimed by that school; 0 lines rejected and left out.',
    );
    expect(interestsText.t('likely', { count: 1 })).toBe('Likely');
    expect(interestsText.t('likely', { count: 2 })).toBe('2 likely');
    expect(interestsText.t('days', { count: 1 })).toBe('1 day');
    expect(roleLabel('school_admin')).toBe('School admin');
  });
});
