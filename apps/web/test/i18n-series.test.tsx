import type { AttendanceRow } from '@srs/shared/seminars';
import type { SeriesDetail, SeriesItem } from '@srs/shared/series';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { assignOutcome } from '../src/features/seminars/assign-results.ts';
import { SeminarHeading } from '../src/features/seminars/components/seminar-heading.tsx';
import { whenLabel } from '../src/features/seminars/format.ts';
import { seminarsText } from '../src/features/seminars/messages.ts';
import { SeriesOverview } from '../src/features/series/components/series-overview.tsx';
import { switchLanguage } from '../src/i18n/load.ts';
import { setToken } from '../src/lib/session.ts';
import * as courseLessons from '../src/routes/course-lessons.tsx';
import * as seminarAttendance from '../src/routes/seminar-attendance.tsx';
import * as seminarsList from '../src/routes/seminars-list.tsx';
import { appConfig, makeToken, mockJsonApi, renderRoutes, renderWithAppClient, resetAfterEach, schoolAdmin } from './support.tsx';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const central = { id: 3, school_code: '101', church_name: 'Central' };
const pagination = (total: number) => ({ page: 1, per_page: 25, total_count: total, total_pages: 1 });

const seminarItem = (id: number, name: string, students: number): SeriesItem => ({
  id,
  type: 'Seminar',
  name,
  priority: false,
  students_count: students,
  episodes_count: 4,
  school: central,
});

const seminar: SeriesDetail = {
  id: 5,
  type: 'Seminar',
  name: 'Revelation Seminar',
  description: null,
  priority: false,
  active: true,
  location: 'Main hall',
  school: central,
  students_count: 3,
  status_counts: { Applied: 2, Enrolled: 0, Attended: 1, Graduated: 0, Inactive: 0 },
  episodes_count: 2,
  permissions: { update: true, destroy: true },
};

const course: SeriesDetail = {
  ...seminar,
  id: 9,
  type: 'Course',
  name: 'Discover Bible Guides',
  location: null,
  school: null,
  episodes_count: 3,
};

const row = (id: number, first_name: string, last_name: string, attended: number[]): AttendanceRow => ({
  enrollment_id: 500 + id,
  registration_number: String(9000 + id),
  status: attended.length > 0 ? 'Attended' : 'Applied',
  orphaned: false,
  student: { id, first_name, last_name },
  school: central,
  attended_episode_ids: attended,
});

function signIn() {
  setToken(makeToken(schoolAdmin));
}

describe('the seminar and course pages in Spanish (issue 29)', () => {
  it('draws the seminars list in Spanish: title, button, headers, and the plural of its records', async () => {
    signIn();
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /series': () => ({
        seminars: [seminarItem(5, 'Revelation Seminar', 12), seminarItem(6, 'Daniel Seminar', 1)],
        pagination: pagination(2),
      }),
    });
    await act(() => switchLanguage('es'));
    renderWithAppClient(createMemoryRouter([{ path: '/seminars', Component: seminarsList.Component }], { initialEntries: ['/seminars'] }));

    expect(await screen.findByRole('heading', { name: 'Seminarios' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nuevo seminario' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Seminarios' });
    // Seminar names are data: as typed.
    expect(await within(table).findByText('Revelation Seminar')).toBeInTheDocument();
    for (const header of ['SEMINARIO', 'ESCUELA', 'PRESENTACIONES', 'ESTUDIANTES']) {
      expect(within(table).getByText(header)).toBeInTheDocument();
    }
    expect(screen.getByText('2 registros')).toBeInTheDocument();
  });

  it('says an empty seminars list in Spanish, and in English again after switching back', async () => {
    signIn();
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /series': () => ({ seminars: [], pagination: pagination(0) }),
    });
    await act(() => switchLanguage('es'));
    renderWithAppClient(createMemoryRouter([{ path: '/seminars', Component: seminarsList.Component }], { initialEntries: ['/seminars'] }));
    expect(await screen.findByText('No hay seminarios disponibles.')).toBeInTheDocument();
    await act(() => switchLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Seminars' })).toBeInTheDocument();
    expect(screen.getByText('No seminars available.')).toBeInTheDocument();
  });

  it("draws a seminar's attendance in Spanish, dates day first, and ticks a student's attendance", async () => {
    signIn();
    // Bob's tick, once the server has it, comes back when the grid is read again.
    let bob: number[] = [];
    const api = mockJsonApi({
      'GET /config': () => appConfig,
      'GET /series/5/attendances': () => ({
        presentations: [
          { id: 81, position: 1, name: 'Night 1', date: '2026-03-07', time: '19:30', uses_count: 1 },
          { id: 82, position: 2, name: 'Night 2', date: null, time: null, uses_count: 0 },
        ],
        students: [row(1, 'Ann', 'Lee', [81]), row(2, 'Bob', 'Hart', bob), row(3, 'Cy', 'Moss', [])],
      }),
      'PUT /enrollments/take_attendance': () => {
        bob = [81];
        return { updated: 1 };
      },
    });
    const routes = [
      {
        path: '/seminars/:seminarId',
        element: (
          <>
            <SeminarHeading seminar={seminar} />
            <Outlet context={seminar} />
          </>
        ),
        children: [{ path: 'attendance', Component: seminarAttendance.Component }],
      },
    ];
    renderWithAppClient(createMemoryRouter(routes, { initialEntries: ['/seminars/5/attendance'] }));
    expect(await screen.findByRole('table', { name: 'Attendance' })).toBeInTheDocument();

    await act(() => switchLanguage('es'));
    expect(screen.getByRole('heading', { name: 'Asistencia' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Asistencia' });
    // The heading: the plural of the students, the place, the hosting school.
    expect(screen.getByText('3 estudiantes: 2 solicitaron, 1 asistieron')).toBeInTheDocument();
    expect(screen.getByText('En Main hall')).toBeInTheDocument();
    expect(screen.getByText('Realizado por (#101) Central')).toBeInTheDocument();
    expect(within(table).getByText('ESTUDIANTE')).toBeInTheDocument();
    expect(within(table).getByText('ESTADO')).toBeInTheDocument();
    // Presentation names are data; their date reads DD/MM/YYYY, the time a. m. / p. m.
    expect(within(table).getByText('1. Night 1')).toBeInTheDocument();
    expect(within(table).getByText('07/03/2026 7:30 p. m.')).toBeInTheDocument();
    expect(within(table).getByText('Todavía sin fecha')).toBeInTheDocument();
    // Enrollment statuses, from packages/shared's texts.
    expect(within(table).getAllByText('Solicitado')).toHaveLength(2);
    expect(within(table).getByText('Asistió')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar un estudiante')).toHaveAttribute('placeholder', 'Nombre o número de registro');

    const box = screen.getByRole('checkbox', { name: 'Bob Hart asistió a Night 1' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(api.callsTo('PUT', '/enrollments/take_attendance')).toHaveLength(1));
    expect(api.callsTo('PUT', '/enrollments/take_attendance')[0]!.body).toEqual({
      episode_id: 81,
      attendances: [{ enrollment_id: 502, attended: true }],
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Bob Hart asistió a Night 1' })).toBeChecked());
    expect(within(table).getAllByText('Asistió')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('Buscar un estudiante'), 'Nobody');
    expect(screen.getByText('No se encontraron estudiantes.')).toBeInTheDocument();
  });

  it("draws a course's lessons editor in Spanish: the item's gender, its plurals, and why a sent lesson stays", async () => {
    signIn();
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /series/9': () => course,
      'GET /series/9/episodes': () => ({
        episodes: [
          { id: 1, position: 1, name: 'The Bible', date: null, time: null, uses_count: 3 },
          { id: 2, position: 2, name: 'Prayer', date: null, time: null, uses_count: 1 },
          { id: 3, position: 3, name: 'Unused lesson', date: null, time: null, uses_count: 0 },
        ],
      }),
    });
    await act(() => switchLanguage('es'));
    renderWithAppClient(
      createMemoryRouter([{ path: '/courses/:courseId/lessons', Component: courseLessons.Component }], {
        initialEntries: ['/courses/9/lessons'],
      }),
    );

    // Lesson names are data: as typed.
    expect(await screen.findByRole('textbox', { name: 'Nombre de la lección 1' })).toHaveValue('The Bible');
    expect(screen.getByText('Enviada 3 veces, así que no se puede quitar.')).toBeInTheDocument();
    expect(screen.getByText('Enviada una vez, así que no se puede quitar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar "The Bible"' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar lecciones' })).toBeDisabled();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Quitar "Unused lesson"' }));
    expect(screen.getByText('Se quitará cuando guarde.')).toBeInTheDocument();
    expect(screen.getByText('Al guardar se quitará definitivamente 1 lección.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conservar "Unused lesson"' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar una lección' }));
    expect(screen.getByRole('button', { name: 'Subir nueva lección' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descartar los cambios' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar lecciones' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Algunas lecciones necesitan una corrección antes de poder guardarse.');
    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
  });

  it('words what the code builds in Spanish: assignments, and a presentation with no date', async () => {
    await act(() => switchLanguage('es'));
    expect(whenLabel({ date: '2026-12-31', time: '09:05' })).toBe('31/12/2026 9:05 a. m.');
    expect(whenLabel({ date: null, time: null })).toBe('Todavía sin fecha');
    const enrolled = { ...row(1, 'Ann', 'Lee', []), attendances_count: 0, created_at: '2026-11-28T10:00:00.000Z' };
    const rows = [1, 2].map((id) => ({ student_id: id, enrollment: { ...enrolled, student: { ...enrolled.student, id } }, error: null }));
    expect(assignOutcome(rows, () => 'Ann Lee', 'Revelation').assigned).toBe('Se asignaron 2 estudiantes a Revelation.');
    expect(assignOutcome(rows.slice(0, 1), () => 'Ann Lee', 'Revelation').assigned).toBe('Se asignó 1 estudiante a Revelation.');
    await act(() => switchLanguage('en'));
    expect(whenLabel({ date: '2026-12-31', time: '21:05' })).toBe('12/31/2026 9:05 PM');
    expect(seminarsText.t('ticketsIntro')).toBe(
      "Each ticket shows the student's name and registration number, the seminar, the school and the date, eight tickets to a page.",
    );
  });

  it("asks before deleting a course in Spanish, the course's name in bold as typed", async () => {
    await act(() => switchLanguage('es'));
    renderRoutes([{ path: '/', element: <SeriesOverview series={course} /> }], '/');
    expect(screen.getByText('3 lecciones')).toBeInTheDocument();
    expect(screen.getByText('Estudiantes por estado')).toBeInTheDocument();
    expect(screen.getByText('Inscrito')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar curso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar curso' });
    expect(within(dialog).getByText('Discover Bible Guides').tagName).toBe('STRONG');
    expect(dialog).toHaveTextContent(
      '¿Eliminar Discover Bible Guides con sus 3 lecciones, opciones de decisión y productos? Las escuelas dejarán de ofrecerlo.',
    );
    expect(dialog).toHaveTextContent('Todavía tiene inscripciones (3 que usted puede ver)');
    await act(() => switchLanguage('en'));
    expect(dialog).toHaveTextContent(
      'Delete Discover Bible Guides with its 3 lessons, decision options and products? Schools stop offering it.',
    );
  });
});
