import type { EnrollmentSummary } from '@srs/shared/enrollments';
import type { StudentListResponse } from '@srs/shared/students';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldMessage } from '../src/features/students/forms/student-form-values.ts';
import { labelsPrintedText } from '../src/features/students/components/avery-labels-dialog.tsx';
import { reassignedText } from '../src/features/students/components/bulk-reassign-dialog.tsx';
import { erasedMessage } from '../src/features/students/components/erase-student-dialog.tsx';
import { selectedNames } from '../src/features/students/components/selection-text.ts';
import { StudentHeading } from '../src/features/students/components/student-heading.tsx';
import { StudentOverview } from '../src/features/students/components/student-overview.tsx';
import { StudentProfile } from '../src/features/students/components/student-profile.tsx';
import { switchLanguage } from '../src/i18n/load.ts';
import { setToken } from '../src/lib/session.ts';
import { studentImportText } from '../src/features/student-import/messages.ts';
import { studentsText } from '../src/features/students/messages.ts';
import * as studentsList from '../src/routes/students-list.tsx';
import { mockApi as mockFormApi, signInAs, studentList, users } from './new-student-support.tsx';
import { makeStudent, makeStudentDetail, mockApi } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin, Wrapper } from './support.tsx';
import { found, renderWizard } from './wizard-support.tsx';

// The students' screens in Spanish (issue 29): the list, a student's page, the new-student wizard.
// jsdom renders Mantine's tables and forms slowly on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page: StudentListResponse = {
  students: [1, 2, 3].map((id) => makeStudent(id)),
  pagination: { page: 1, per_page: 25, total_count: 3, total_pages: 1, total_capped: false, next_cursor: null, prev_cursor: null },
};

const enrollment = (id: number, overrides: Partial<EnrollmentSummary> = {}): EnrollmentSummary => ({
  id,
  series_id: id,
  series_name: 'Discover',
  series_type: 'Course',
  series: { type: 'Course', name: 'Discover' },
  registration_number: `1000${id}`,
  lesson_number: 3,
  orphaned: false,
  status: 'Enrolled',
  last_sent_delivery: null,
  cached_latest_followup_date: '2026-03-07',
  followup_reason: null,
  ...overrides,
});

describe('the students screens in Spanish (issue 29)', () => {
  it('draws the students list in Spanish, its counts in the plural, its dates day first; the SPEC headings stay', async () => {
    setToken(makeToken(schoolAdmin));
    mockApi({ 'GET /students': () => jsonResponse(page) });
    await act(() => switchLanguage('es'));
    renderRoutes([{ path: '/students', Component: studentsList.Component }], '/students');

    await screen.findByText('First1 Last1');
    expect(screen.getByRole('heading', { name: 'Estudiantes' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Todos los estudiantes' })).toBeInTheDocument();
    expect(screen.getByText('3 registros')).toBeInTheDocument();
    // SPEC section 2's headings (NAME, ENROLLMENTS, ADDRESS, CREATED, INSTRUCTOR, SCHOOL), in Spanish.
    for (const heading of ['NOMBRE', 'INSCRIPCIONES', 'DIRECCIÓN', 'CREADO', 'INSTRUCTOR', 'ESCUELA']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(heading) })).toBeInTheDocument();
    }
    // The students were made on 01/15/2026: day first.
    expect(screen.getAllByText('15/01/2026')).toHaveLength(3);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar a First2 Last2' }));
    expect(screen.getByText('1 estudiante seleccionado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todos en esta página' }));
    expect(screen.getByText('3 estudiantes seleccionados')).toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Estudiantes seleccionados' });
    expect(within(bar).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Reasignar',
      'Compartir',
      'Dejar de compartir',
      'Etiquetas',
      'Quitar la selección',
    ]);

    // Back in English, the same list draws again in its own words.
    await act(() => switchLanguage('en'));
    expect(screen.getByText('3 students selected')).toBeInTheDocument();
    expect(screen.getAllByText('01/15/2026')).toHaveLength(3);
  });

  it("draws a student's heading and overview in Spanish, with dates as DD/MM/YYYY", async () => {
    await act(() => switchLanguage('es'));
    const student = makeStudentDetail(
      12,
      {
        first_name: 'Ana',
        last_name: 'López',
        email: 'ana@example.test',
        erased_at: '2026-11-20T09:00:00.000Z',
        course_enrollments: [enrollment(40), enrollment(41, { series_name: 'Daniel', cached_latest_followup_date: '2026-03-21' })],
      },
      { destroy: false },
    );
    render(
      <MemoryRouter>
        <StudentHeading student={student} />
        <StudentOverview student={student} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByText('Datos personales borrados el 20/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Escuela: (#101) Central')).toBeInTheDocument();
    expect(screen.getByText('Creado')).toBeInTheDocument();
    expect(screen.getByText('15/01/2026')).toBeInTheDocument();
    expect(screen.getByText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByText('Último seguimiento (de cualquier inscripción)')).toBeInTheDocument();
    expect(screen.getByText('21/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inscripciones activas' })).toBeInTheDocument();
    expect(screen.getAllByText('Lección 3 enviada')).toHaveLength(2);
    expect(screen.getAllByText('Inscrito')).toHaveLength(2);
    expect(screen.getByText('Último seguimiento 07/03/2026')).toBeInTheDocument();
    expect(screen.getByText('2 inscripciones en total.')).toBeInTheDocument();
  });

  it('shows the profile in Spanish, and its edit with the form in Spanish', async () => {
    mockFormApi({});
    await act(() => switchLanguage('es'));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <StudentProfile student={makeStudent(12, { course_enrollments: [enrollment(40)] })} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByText('Incluir en la lista de correo')).toBeInTheDocument();
    expect(screen.getByText('Si la dirección es válida')).toBeInTheDocument();
    expect(screen.getByText('Código postal')).toBeInTheDocument();
    expect(screen.getByText('15/01/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('First12');
    expect(screen.getByRole('textbox', { name: 'Segundo nombre' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Nunca' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Apellido' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();
  });

  it("draws the new-student wizard's first step in Spanish, with the students it found", async () => {
    signInAs(users.schoolAdmin);
    mockFormApi({ 'GET /students': () => studentList(found) });
    await act(() => switchLanguage('es'));
    const { user } = renderWizard();

    expect(await screen.findByRole('heading', { level: 2, name: 'Buscar por nombre' })).toBeInTheDocument();
    expect(screen.getByText('Paso 1 de 3')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Nombre del estudiante' });
    expect(name).toHaveAttribute('placeholder', 'Nombre y apellido');

    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeInTheDocument();

    await user.click(name);
    await user.paste('john smith');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Se encontraron 2 estudiantes.')).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'Estudiantes encontrados' });
    expect(within(results).getByText('Posible duplicado')).toBeInTheDocument();
    expect(screen.getByText('¿No lo encontró? Agregue al estudiante')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ubicar en una escuela manualmente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeInTheDocument();
  });

  it('keeps the English word for word where code built it, and says the same in Spanish', async () => {
    expect(labelsPrintedText(1)).toBe('1 label printed.');
    expect(labelsPrintedText(3, 5)).toBe('3 labels for 5 students: 2 are not on the mailing list.');
    expect(labelsPrintedText(2, 3)).toBe('2 labels for 3 students: 1 is not on the mailing list.');
    expect(reassignedText({ updated: 2, orphaned_enrollments: 1 })).toBe(
      'Updated successfully.\n2 students reassigned.\n1 enrollment became orphaned: the new school does not offer the series.',
    );
    const [a, b, c, d] = [1, 2, 3, 4].map((id) => makeStudent(id));
    expect(selectedNames([a!, b!])).toBe('First1 Last1 and First2 Last2');
    expect(selectedNames([a!, b!, c!, d!])).toBe('First1 Last1, First2 Last2, First3 Last3 and 1 more');
    expect(erasedMessage('Ann Lee')).toBe("Ann Lee's personal data has been erased.");
    expect(studentsText.t('reassignInstructorHelp')).toBe("Left empty, the school's head school admin becomes the instructor.");
    expect(studentsText.t('labelsLeftOut')).toMatch(/^Students whose mailing option is 'Never', and those whose option is 'If the address/);
    expect(studentsText.t('sheetStart', { skipped: 'no', last: 0, value: 1, row: 1, column: 1 })).toBe(
      'Labels printing starts at label 1 (row 1, column 1).',
    );
    expect(studentsText.t('sheetStart', { skipped: 'yes', last: 4, value: 5, row: 2, column: 2 })).toBe(
      'Labels 1 to 4 are skipped as used; printing starts at label 5 (row 2, column 2).',
    );
    expect(studentsText.t('selectedCount', { count: 1204 })).toBe('1204 students selected');
    expect(studentImportText.t('willBeMade', { students: 1204, added: 0 })).toBe(
      '1,204 students will be made; refused, repeated and skipped rows are left out.',
    );
    expect(studentImportText.t('willBeMade', { students: 1, added: 1 })).toBe(
      '1 student will be made, 1 enrollment added to students found; refused, repeated and skipped rows are left out.',
    );
    expect(studentImportText.t('rowCount', { count: 1204, paged: 'yes', perPage: 100 })).toBe('1,204 rows, 100 a page');
    expect(fieldMessage('email', 'is not a valid email address')).toBe('Email is not a valid email address');

    await act(() => switchLanguage('es'));
    expect(labelsPrintedText(3, 5)).toBe('3 etiquetas para 5 estudiantes: 2 no están en la lista de correo.');
    expect(reassignedText({ updated: 1, orphaned_enrollments: 0 })).toBe('Actualizado correctamente.\n1 estudiante reasignado.');
    expect(selectedNames([a!, b!, c!, d!])).toBe('First1 Last1, First2 Last2, First3 Last3 y 1 más');
    expect(erasedMessage('Ann Lee')).toBe('Se borraron los datos personales de Ann Lee.');
    expect(studentImportText.t('rowCount', { count: 1, paged: 'no', perPage: 100 })).toBe('1 fila');
    expect(fieldMessage('email', 'is not a valid email address')).toBe('Correo electrónico no es una dirección de correo electrónico válida');
    expect(fieldMessage('zip_code', 'is too long (at most 20 characters)')).toBe('Código postal es demasiado largo (20 caracteres como máximo)');
  });
});
