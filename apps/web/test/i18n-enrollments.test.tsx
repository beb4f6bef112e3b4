import type { EnrollmentDetail, FollowupEnrollment } from '@srs/shared/enrollments';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FollowupTable } from '../src/features/enrollments/components/followup-table.tsx';
import { remindersDueLine } from '../src/features/enrollments/components/reminders-due.tsx';
import { formatDate } from '../src/i18n/format.ts';
import { switchLanguage } from '../src/i18n/load.ts';
import { todayIso } from '../src/lib/dates.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import { courseEnrollment, enrollmentApi, loaded, renderEnrollmentPage, setUpEnrollmentPages } from './enrollment-support.tsx';
import { openedForm } from './record-form-modal-stub.tsx';
import { choose, field, mockApi, renderForm, typeDate } from './record-forms-support.tsx';
import { Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/features/enrollments/forms/record-form-modal.tsx', () => import('./record-form-modal-stub.tsx'));

// The enrollment screens drawn in Spanish (issue 29): the lessons tab, sending a lesson and
// recording one received with a decision, a visit, and the reminders.
setUpEnrollmentPages();

const course = '/students/12/courses/enrollments/41';
const decisionOptions = {
  decision_options: [
    { id: 71, name: 'Accept Jesus as Saviour', position: 1 },
    { id: 72, name: 'Baptism', position: 2 },
  ],
};

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const spanishSave = () => userEvent.click(screen.getByRole('button', { name: 'Guardar' }));

/** The message under a field, by the field's accessible name. */
function errorOf(name: string): string | null {
  const input = field(name);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the enrollment screens in Spanish (issue 29)', () => {
  it('the lessons tab: its heading, table and counts, Send, and a lesson received with a decision', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'GET /series/5/decision_options': () => decisionOptions,
      'PUT /enrollments/41': () => courseEnrollment(),
    });
    await act(() => switchLanguage('es'));
    renderEnrollmentPage(`${course}/lessons`);

    const table = await screen.findByRole('table', { name: 'Lecciones' }, loaded);
    await within(table).findByText('1. The Bible');
    // The heading: registration number, status, where the course stands, the last lesson's date day first.
    expect(screen.getByText('Número de registro 100123')).toBeInTheDocument();
    expect(screen.getByText('Inscrito')).toBeInTheDocument();
    expect(screen.getByText('Lección 2 enviada')).toBeInTheDocument();
    expect(screen.getByText('Último envío 04/03/2024')).toBeInTheDocument();

    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'LECCIÓN',
      'ENVIADA',
      'RECIBIDA',
      'FORMA DE ENTREGA',
      'DECISIONES',
      'NOTAS',
      'ACCIONES',
    ]);
    const rows = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    // Dates day first; the lessons' names are data and stay as typed.
    expect(cells(rows[0] as HTMLElement)).toEqual(['1. The Bible', '01/02/2024', '20/02/2024', 'Correo postal', '1', '2', 'EditarQuitar']);
    expect(cells(rows[1] as HTMLElement)).toEqual(['2. Prayer', '04/03/2024', '-', 'Entrega personal', '0', '1', 'RecibidaEditarQuitar']);
    expect(cells(rows[2] as HTMLElement)).toEqual(['3. Salvation', '-', '-', '-', '-', '-', 'Enviar']);
    // The notes' count, a plural.
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '2 notas de la lección 1. The Bible' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '1 nota de la lección 2. Prayer' })).toBeInTheDocument();

    // Send: the row's lesson goes to the lesson form.
    expect(screen.getByRole('button', { name: 'Enviar una lección' })).toBeInTheDocument();
    await userEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: 'Enviar la lección 3. Salvation' }));
    expect(await openedForm()).toEqual({ kind: 'lesson', studentId: 12, enrollmentId: 41, episodeId: 53 });

    // Received, with a decision ticked.
    await userEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Marcar la lección 2. Prayer como recibida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lección 2. Prayer recibida' });
    expect(dialog).toHaveTextContent('Enviada el 04/03/2024 · Entrega personal');
    const received = within(dialog).getByLabelText(/Fecha de recepción/);
    expect(received).toHaveValue(formatDate(todayIso(), 'es'));
    const baptism = await within(dialog).findByRole('checkbox', { name: 'Baptism' });
    expect(within(dialog).getByRole('group', { name: 'Decisiones' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Tipo de nota' })).toHaveValue('Nota');

    // Its rules speak Spanish too.
    await userEvent.clear(received);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este campo es obligatorio')).toBeInTheDocument();
    await userEvent.type(received, '01/03/2024');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('La fecha de recepción no puede ser anterior a la fecha de envío'),
    ).toBeInTheDocument();

    await userEvent.clear(received);
    await userEvent.type(received, '18/03/2024');
    await userEvent.click(baptism);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Actualizado correctamente.'));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/enrollments/41',
        body: {
          episode_deliveries_attributes: [
            { id: 902, date_completed: '2024-03-18', decisions_attributes: [{ decision_option_id: 72 }] },
          ],
        },
      },
    ]);
  });

  it('sends a lesson: the lesson form in Spanish', async () => {
    const api = mockApi();
    await act(() => switchLanguage('es'));
    renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11 });
    await screen.findByRole('combobox', { name: 'Curso' });
    expect(field('Curso')).toHaveValue('Bible Basics');
    expect(field('Estudiante')).toBeInTheDocument();
    await waitFor(() => expect(field('Lección')).toHaveAttribute('placeholder', 'Seleccionar'));
    // A lesson is mostly sent the day it is recorded: today, day first.
    expect(field('Fecha de envío')).toHaveValue(formatDate(todayIso(), 'es'));
    await choose('Lección', '2. Prayer');
    typeDate('Fecha de envío', '07/03/2026');
    await choose('Forma de entrega', 'En el hogar');
    await spanishSave();
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Actualizado correctamente.'));
    expect(api.puts(11)).toEqual([
      {
        episode_deliveries_attributes: [
          { episode_id: 102, date_sent: '2026-03-07', date_completed: null, delivery_type: 'IH' },
        ],
      },
    ]);
  });

  it('adds a visit: the visit form in Spanish, its decisions and a note', async () => {
    const api = mockApi();
    await act(() => switchLanguage('es'));
    renderForm({ kind: 'visit', studentId: 5 });
    await screen.findByRole('combobox', { name: 'Curso o seminario' });
    // Nothing chosen yet: the rules say so in Spanish.
    await spanishSave();
    await waitFor(() => expect(errorOf('Curso o seminario')).toBe('Este campo es obligatorio'));

    // Each enrollment says its kind in Spanish; the series' names stay as typed.
    await choose('Curso o seminario', 'Bible Basics (Curso)');
    expect(field('Fecha')).toHaveValue(formatDate(todayIso(), 'es'));
    typeDate('Fecha', '25/02/2026');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Baptism' }));
    expect(field('Tipo de nota')).toHaveValue('Nota');
    await choose('Tipo de nota', 'Pedido de oración');
    await userEvent.type(field('Nota'), 'Oren por su familia.');
    await spanishSave();
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Visita creada correctamente.'));
    expect(api.puts(11)).toEqual([
      {
        visits_attributes: [
          {
            date: '2026-02-25',
            decisions_attributes: [{ decision_option_id: 32 }],
            notes_attributes: [{ type: 'PrayerRequest', text: 'Oren por su familia.' }],
          },
        ],
      },
    ]);
  });

  it('the visits tab names each visit by its date, day first', async () => {
    enrollmentApi(courseEnrollment());
    await act(() => switchLanguage('es'));
    renderEnrollmentPage(`${course}/visits`);
    const table = await screen.findByRole('table', { name: 'Visitas' }, loaded);
    const [row] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(cells(row as HTMLElement)[0]).toBe('02/03/2024');
    expect(within(row as HTMLElement).getByText('Nota: Met the family.')).toBeInTheDocument();
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Editar la visita del 02/03/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visita del 02/03/2024' });
    expect(within(dialog).getByRole('list', { name: 'Notas de la visita del 02/03/2024' })).toBeInTheDocument();
    expect(within(dialog).getByText('Agregar una nota')).toBeInTheDocument();
  });

  it('the reminders tab: each reminder by its date, its state in words, how many are due', async () => {
    const enrollment: EnrollmentDetail = courseEnrollment({
      reminders: [
        { id: 401, date: '2099-01-01', notes: [] },
        { id: 402, date: '2024-03-08', notes: [] },
        { id: 403, date: '2024-03-06', notes: [] },
      ],
    });
    enrollmentApi(enrollment);
    await act(() => switchLanguage('es'));
    renderEnrollmentPage(`${course}/reminders`);
    const list = await screen.findByRole('list', { name: 'Recordatorios' }, loaded);
    // A plural: two reminders have come with no follow-up since.
    expect(screen.getByText('2 recordatorios pendientes: sin seguimiento desde sus fechas.')).toBeInTheDocument();
    const overdue = within(list).getByRole('listitem', { name: 'Recordatorio del 08/03/2024' });
    expect(within(overdue).getByText('Vencido')).toBeInTheDocument();
    expect(within(overdue).getByText('Sin seguimiento desde esta fecha.')).toBeInTheDocument();
    expect(within(overdue).getByRole('button', { name: 'Agregar una nota: Recordatorio del 08/03/2024' })).toBeInTheDocument();
    expect(within(overdue).getByRole('button', { name: 'Quitar el recordatorio del 08/03/2024' })).toBeInTheDocument();
    const upcoming = within(list).getByRole('listitem', { name: 'Recordatorio del 01/01/2099' });
    expect(within(upcoming).getByText('Próximo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar un recordatorio' })).toBeInTheDocument();
  });

  it('adds a reminder: the reminder form in Spanish', async () => {
    const api = mockApi();
    await act(() => switchLanguage('es'));
    renderForm({ kind: 'reminder', studentId: 5, enrollmentId: 11 });
    await screen.findByRole('combobox', { name: 'Curso o seminario' });
    expect(field('Fecha')).toHaveValue('');
    await spanishSave();
    await waitFor(() => expect(errorOf('Fecha')).toBe('Este campo es obligatorio'));
    typeDate('Fecha', '01/04/2026');
    await userEvent.type(field('Nota'), 'Llamar.');
    await spanishSave();
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Recordatorio creado correctamente.'));
    // 01/04/2026 read day first: the first of April.
    expect(api.puts(11)).toEqual([
      { reminders_attributes: [{ date: '2026-04-01', notes_attributes: [{ type: 'Note', text: 'Llamar.' }] }] },
    ]);
  });

  it("the dashboard's reminders due and students needing follow-up, with their plurals", async () => {
    await act(() => switchLanguage('es'));
    expect(remindersDueLine({ total_count: 1, total_capped: false }, 1)).toBe('1 recordatorio pendiente.');
    expect(remindersDueLine({ total_count: 3, total_capped: false }, 3)).toBe('3 recordatorios pendientes.');
    expect(remindersDueLine({ total_count: 1204, total_capped: false }, 100)).toBe(
      '1,204 recordatorios pendientes; aquí están los 100 que más esperan.',
    );
    const row = (id: number, reason: FollowupEnrollment['followup_reason']): FollowupEnrollment => ({
      id,
      student: { id: 100 + id, first_name: 'Anais', last_name: `Schuster ${id}` },
      series: { id: 5, name: 'Discover Bible Guides', type: 'Course' },
      instructor: null,
      status: 'Enrolled',
      cached_latest_followup_date: '2026-11-17',
      last_followup_date: '2026-11-17',
      followup_reason: reason,
    });
    render(
      <MemoryRouter>
        <FollowupTable
          enrollments={[row(1, { kind: 'no_contact', days: 1 }), row(2, { kind: 'no_contact', days: 45 })]}
          loading={false}
          height={736}
        />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    const table = screen.getByRole('table', { name: 'Estudiantes que necesitan seguimiento' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ESTUDIANTE',
      'CURSO',
      'INSTRUCTOR',
      'ÚLTIMO SEGUIMIENTO',
    ]);
    expect(within(table).getByText('Sin contacto desde hace 1 día')).toBeInTheDocument();
    expect(within(table).getByText('Sin contacto desde hace 45 días')).toBeInTheDocument();
  });

  it('keeps the English word for word, an apostrophe included', async () => {
    enrollmentApi(courseEnrollment({ orphaned: true }));
    renderEnrollmentPage(`${course}/lessons`);
    expect(
      await screen.findByText("This enrollment is orphaned: the student's school does not offer this series.", {}, loaded),
    ).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Lessons' }, loaded)).toBeInTheDocument();
    expect(screen.getByText('Last sent 03/04/2024')).toBeInTheDocument();
  });
});
