import { MantineProvider, Modal, Select } from '@mantine/core';
import { deletedSentence } from '@srs/shared/deleted-records';
import { type FollowupReason, followupReasonWords } from '@srs/shared/followup';
import { idempotencyMessages } from '@srs/shared/messages';
import type { MailMessage } from '@srs/shared/mail';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mobileMenuLevels } from '../src/app/shell/mobile-menu-levels.ts';
import { MainNav } from '../src/app/shell/main-nav.tsx';
import { PageFooter } from '../src/app/shell/page-footer.tsx';
import { theme } from '../src/app/theme.ts';
import { ToastContainers } from '../src/app/toast-containers.tsx';
import { CsvImportDialog, type ImportMutation, type ImportResult, type ImportRow } from '../src/components/csv-import-dialog.tsx';
import { DateInput } from '../src/components/date-input.tsx';
import { DeletedRecordPanel } from '../src/components/deleted-record-panel.tsx';
import { MailView } from '../src/features/mail/components/mail-view.tsx';
import { formatMailTime } from '../src/features/mail/api.ts';
import { switchLanguage } from '../src/i18n/load.ts';
import { currentLocale, languageKey } from '../src/i18n/locale.ts';
import { sharedText } from '../src/i18n/shared.ts';
import { enrollmentLines } from '../src/lib/dashboard-text.ts';
import { followupReasonText } from '../src/lib/followup-words.ts';
import { madeOrNotUnknown } from '../src/lib/http.ts';
import { fieldErrorsOf, handlerMessage, routeIdOf } from '../src/lib/http-errors.ts';
import { schoolOptionText } from '../src/lib/lookups/schools.ts';
import { setToken } from '../src/lib/session.ts';
import { navigationFor } from '../src/lib/site-map/navigation.ts';
import { pageList } from '../src/lib/site-map/pages.ts';
import { trailOf } from '../src/lib/site-map/trail.ts';
import * as login from '../src/routes/login.tsx';
import { DashboardMobile } from '../src/routes/dashboard-mobile.tsx';
import { renderDashboardFrame, renderSignInPage } from '../src/prerender.tsx';
import { pageMatchAt } from './site-map-support.tsx';
import { appConfig, instructor, jsonResponse, makeToken, mockJsonApi, renderRoutes, schoolAdmin, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const spanish = () => act(() => switchLanguage('es'));

describe('the sign-in page in Spanish (issue 29)', () => {
  const renderLogin = () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(async () => jsonResponse({ ...appConfig, demo_accounts: ['a@demo.test'], demo_password: 'pw' })),
    );
    return renderRoutes([{ path: '/login', loader: login.loader, Component: login.Component }], '/login');
  };

  it('says every word in Spanish, the support address in its sentence', async () => {
    await spanish();
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Sistema de Registro de Estudiantes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión con otra cuenta' })).toBeInTheDocument();
    expect(screen.getByText('¿Necesita una cuenta?')).toBeInTheDocument();
    const support = await screen.findByRole('link', { name: 'support@schools.test' });
    expect(support.parentElement).toHaveTextContent('Coordinadores: comuníquense con support@schools.test.');
    expect(screen.getByText('Ver el progreso')).toBeInTheDocument();
    expect(await screen.findByText('Cuentas de demostración')).toBeInTheDocument();
    expect(screen.getByText('pw').parentElement).toHaveTextContent('Contraseña: pw');
  });

  it('keeps its English word for word, the apostrophe too', async () => {
    renderLogin();
    expect(await screen.findByText("View students' progress through Bible study guides.")).toBeInTheDocument();
    const support = await screen.findByRole('link', { name: 'support@schools.test' });
    expect(support.parentElement).toHaveTextContent('Coordinators, please contact support@schools.test.');
  });
});

describe('the pages drawn at build time', () => {
  it('are English, their words from the catalogues (Spanish when asked for)', async () => {
    const frame = await renderDashboardFrame('en');
    expect(frame).toContain('My Dashboard');
    expect(frame).toContain('Reminders due');
    expect(await renderSignInPage('en')).toContain('Student Records System');
    const spanishFrame = await renderDashboardFrame('es');
    expect(spanishFrame).toContain('Mi panel');
    expect(spanishFrame).toContain('Estudiantes que necesitan seguimiento');
    expect(await renderSignInPage('es')).toContain('Sistema de Registro de Estudiantes');
  });
});

describe('the shell in Spanish', () => {
  it('names the navigation, the menus and the breadcrumbs from the site map', async () => {
    await spanish();
    const navigation = navigationFor(instructor, { interestTracking: false });
    expect(navigation.map((item) => item.label)).toEqual(['Panel', 'Estudiantes', 'Reportes', 'Capacitación']);
    const { levels } = mobileMenuLevels(pageMatchAt('/students/28/courses/enrollments/35/lessons'), {
      navigation,
      trainingUrl: '#',
      userName: 'Ida Instructor',
      apiKeys: false,
    });
    expect(levels.map((level) => [level.title, level.subtitle])).toEqual([
      ['Menú', 'Ida Instructor'],
      ['Estudiantes', 'Sección'],
      ['Inscripción en un curso', 'Inscripción #35'],
    ]);
    expect(levels[0]?.account?.map((entry) => entry.label)).toEqual(['Mi cuenta', 'Configuración', 'Cambiar contraseña']);
    expect(levels[1]?.links.map((link) => link.label)).toEqual([
      'Todos los estudiantes',
      'Mis estudiantes',
      'Compartidos conmigo',
      'Necesitan seguimiento',
    ]);
    expect(levels[2]?.links.map((link) => link.label)).toContain('Lecciones');
    expect(trailOf(pageMatchAt('/students/28/courses/enrollments/35/lessons')).map((crumb) => crumb.label)).toEqual([
      'Panel',
      'Estudiantes',
      'Estudiante #28',
      'Cursos',
      'Inscripción #35',
      'Lecciones',
    ]);
    expect(trailOf(pageMatchAt('/schools/new')).map((crumb) => crumb.label)).toEqual(['Panel', 'Escuelas', 'Nueva']);
  });

  it('has every tab of the site map in its catalogue, in both languages', async () => {
    const tabs = pageList.flatMap((page) => page.tabs ?? []);
    expect(tabs.length).toBeGreaterThan(20);
    for (const tab of tabs) expect(tab.label).not.toMatch(/site-map|^tab/);
    await spanish();
    for (const tab of tabs) expect(tab.label).not.toMatch(/site-map|^tab/);
    expect(tabs.find((tab) => tab.path === 'print-tickets')?.label).toBe('Imprimir boletos');
  });

  it('draws the main navigation and the footer again when the language changes', async () => {
    const navigation = navigationFor(schoolAdmin, { interestTracking: false });
    render(
      <MemoryRouter>
        <MainNav items={navigation} trainingUrl="#" />
        <PageFooter helpGuideUrl="https://help.test" />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Instructors');
    await spanish();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Instructores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Guía de ayuda' })).toBeInTheDocument();
    expect(screen.getByText(/Todos los derechos reservados\.$/)).toBeInTheDocument();
    await act(() => switchLanguage('en'));
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Instructors');
    expect(screen.getByText(/Student Records System\. All rights reserved\.$/)).toBeInTheDocument();
  });

  it("names the theme's icon buttons in the language of the moment", async () => {
    await spanish();
    const { container } = render(
      <MantineProvider theme={theme}>
        <Select label="Escuela" data={['Una']} value="Una" onChange={() => {}} clearable />
        <Modal opened onClose={() => {}} title="Ventana">
          <p>Contenido</p>
        </Modal>
      </MantineProvider>,
    );
    expect(container.querySelector('.mantine-InputClearButton-root')?.getAttribute('aria-label')).toBe('Quitar');
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('names the notices and their close buttons', async () => {
    await spanish();
    render(<ToastContainers />, { wrapper: Wrapper });
    act(() => {
      toast.success('Guardado.');
    });
    expect(await screen.findByText('Guardado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'cerrar' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Notificaciones Alt+T' }).length).toBeGreaterThan(0);
  });
});

describe('the dashboard in Spanish', () => {
  const page = (total: number) => ({ page: 1, per_page: 1, total_count: total, total_pages: total });
  const staff = (id: number, students_count: number) => ({
    id,
    first_name: 'Ana',
    last_name: `Pérez ${id}`,
    email: `ana${id}@schools.test`,
    students_count,
  });

  it('names its tiles and lists, with their plurals', async () => {
    await spanish();
    setToken(makeToken(schoolAdmin));
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /students': (call) => ({
        students: [],
        pagination: page(call.search.get('enrollments_series_type_eq') === 'Course' ? 12 : 80),
      }),
      'GET /enrollments/needing_followup': () => ({ enrollments: [], pagination: page(23) }),
      'GET /users': (call) =>
        call.search.get('per_page') === '1'
          ? { users: [], pagination: page(2) }
          : { users: [staff(1, 1), staff(2, 14)], pagination: page(2) },
    });
    render(
      <MemoryRouter>
        <DashboardMobile />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Mi panel' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '12 cursos: estudiantes en cursos' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '80 estudiantes' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '2 instructores' }));
    const panel = await screen.findByRole('region', { name: 'Instructores' });
    expect(await within(panel).findByText('1 estudiante')).toBeInTheDocument();
    expect(within(panel).getByText('14 estudiantes')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Estudiantes que necesitan seguimiento' })).toBeInTheDocument();
  });

  it('says how many lines the follow-up list has', async () => {
    const counted = (total_count: number, total_capped = false) => ({ total_count, total_capped });
    await spanish();
    expect(enrollmentLines(counted(1), 1)).toBe('Un curso o seminario para dar seguimiento.');
    expect(enrollmentLines(counted(23), 23)).toBe('23 cursos y seminarios para dar seguimiento; una línea para cada uno.');
    expect(enrollmentLines(counted(1000, true), 100)).toBe(
      'Más de 1,000 cursos y seminarios para dar seguimiento; aquí están los 100 que más tiempo llevan esperando.',
    );
  });
});

describe('why follow-up is needed, in words', () => {
  const reasons: FollowupReason[] = [
    { kind: 'reminder_due', date: '2026-11-20', days: 0 },
    { kind: 'reminder_due', date: '2026-11-20', days: 3 },
    { kind: 'reminder_due', date: '2024-11-20', days: 400 },
    { kind: 'no_contact', days: 1 },
    { kind: 'no_contact', days: 45 },
    { kind: 'no_contact_since_start', days: 60 },
  ];

  it('reads in English as packages/shared words it', () => {
    expect(reasons.map((reason) => followupReasonText(reason))).toEqual(reasons.map(followupReasonWords));
  });

  it('reads in Spanish, its dates day first', async () => {
    await spanish();
    expect(reasons.map((reason) => followupReasonText(reason))).toEqual([
      'Recordatorio para hoy',
      'Recordatorio del 20/11',
      'Recordatorio del 20/11/2024',
      'Sin contacto desde hace 1 día',
      'Sin contacto desde hace 45 días',
      'Sin contacto desde que empezó, hace 60 días',
    ]);
  });
});

describe('the date field in Spanish', () => {
  function Controlled({ initial, onChange }: { initial: string | null; onChange: (value: string | null) => void }) {
    const [value, setValue] = useState<string | null>(initial);
    return (
      <DateInput
        label="Fecha"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    );
  }

  it('reads and shows DD/MM/YYYY, says so under the field, and its calendar speaks Spanish', async () => {
    await spanish();
    const onChange = vi.fn();
    render(<Controlled initial="2026-03-07" onChange={onChange} />, { wrapper: Wrapper });
    const input = screen.getByLabelText('Fecha');
    expect(input).toHaveValue('07/03/2026');
    expect(input).toHaveAccessibleDescription('DD/MM/AAAA');
    await userEvent.clear(input);
    await userEvent.type(input, '31122026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-31');
    await userEvent.tab();
    expect(input).toHaveValue('31/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Abrir el calendario' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendario' });
    expect(within(calendar).getByText(/diciembre 2026/i)).toBeInTheDocument();
  });

  it('shows a date in the order of a language chosen meanwhile', async () => {
    render(<Controlled initial="2026-03-07" onChange={vi.fn()} />, { wrapper: Wrapper });
    const input = screen.getByLabelText('Fecha');
    expect(input).toHaveValue('03/07/2026');
    expect(input).toHaveAccessibleDescription('MM/DD/YYYY');
    await spanish();
    expect(input).toHaveValue('07/03/2026');
    expect(input).toHaveAccessibleDescription('DD/MM/AAAA');
  });
});

describe('records and messages in Spanish', () => {
  const deleted = {
    error: 'Not found',
    deleted: {
      record: 'student' as const,
      deleted_on: '2026-11-28',
      deleted_by: { id: 4, first_name: 'Ann', last_name: 'Lee' },
      version_id: 9,
      can_restore: true,
    },
  };

  it('a deleted record, the day first', async () => {
    const view = render(
      <MemoryRouter>
        <DeletedRecordPanel body={deleted} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByText(deletedSentence(deleted.deleted))).toBeInTheDocument();
    view.unmount();
    await spanish();
    render(
      <MemoryRouter>
        <DeletedRecordPanel body={deleted} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Estudiante eliminado');
    expect(screen.getByText('Este estudiante fue eliminado el 28/11/2026 por Ann Lee.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restaurar este estudiante' })).toHaveAttribute('href', '/versions/9');
  });

  it("the shared handler's words, a 422's field names and a missing record", async () => {
    await spanish();
    expect(handlerMessage(500, null)).toBe('Algo salió mal.');
    expect(handlerMessage(503, { error: 'La base de datos no responde.' })).toBe('La base de datos no responde.');
    expect(handlerMessage(422, { first_name: ['no puede estar en blanco'] })).toBe('Nombre no puede estar en blanco');
    expect(fieldErrorsOf({ email: ['ya está en uso'] }, ['email'])).toEqual({ email: 'Correo electrónico ya está en uso' });
    expect(() => routeIdOf('x', 'Student')).toThrow('Estudiante no encontrado');
    expect(() => routeIdOf('x', 'School')).toThrow('Escuela no encontrada');
  });

  it('knows "still being saved" in either language', async () => {
    await spanish();
    const english = idempotencyMessages.stillSaving;
    expect(madeOrNotUnknown(409, { error: english })).toBe(true);
    expect(madeOrNotUnknown(409, { error: sharedText(english) })).toBe(true);
    expect(madeOrNotUnknown(409, { error: 'Otra cosa.' })).toBe(false);
  });

  it('a school option counts its students', async () => {
    const school = { id: 3, school_code: '101', church_name: 'Central', city: 'Springfield', state: 'IL', zip_code: null, head_school_admin: true };
    expect(schoolOptionText({ ...school, students_count: 1 })).toBe('(#101) Central — Springfield, IL · 1 students');
    await spanish();
    expect(schoolOptionText({ ...school, students_count: 1 })).toBe('(#101) Central — Springfield, IL · 1 estudiante');
    expect(schoolOptionText({ ...school, students_count: 40 })).toBe('(#101) Central — Springfield, IL · 40 estudiantes');
  });

  it("the development mailbox's message, its times day first", async () => {
    const message: MailMessage = {
      id: 1,
      kind: 'welcome',
      to: 'ann@schools.test',
      subject: 'Bienvenida',
      text: 'Hola',
      status: 'failed',
      attempts: 2,
      created_at: new Date(2026, 2, 7, 9, 5).toISOString(),
      sent_at: null,
    } as MailMessage;
    await spanish();
    expect(formatMailTime(message.created_at)).toBe('07/03/2026 09:05');
    render(<MailView message={message} />, { wrapper: Wrapper });
    const article = screen.getByRole('article', { name: 'Bienvenida' });
    expect(article).toHaveTextContent('Para: ann@schools.test');
    expect(article).toHaveTextContent('Creado: 07/03/2026 09:05');
    expect(article).toHaveTextContent('falló');
    expect(article).toHaveTextContent('2 intentos');
  });
});

describe('a CSV import in Spanish', () => {
  type Row = ImportRow & { status: 'accepted' | 'rejected'; name: string };
  const result: ImportResult<Row> = {
    rows: [
      { line: 2, status: 'accepted', reason: null, name: 'Ana' },
      { line: 3, status: 'rejected', reason: 'Sin nombre', name: '' },
    ],
    applied: false,
    preview_token: 't',
  };
  const importer = {
    mutate: (_: unknown, options?: { onSuccess?: (answer: typeof result) => void }) => options?.onSuccess?.(result),
    reset: () => {},
    isPending: false,
  } as unknown as ImportMutation<typeof result>;

  it('previews every line, the table and its filters named in Spanish', async () => {
    await spanish();
    render(
      <CsvImportDialog<Row, typeof result>
        opened
        onClose={() => {}}
        title="Importar"
        intro="Un archivo de nombres."
        importer={importer}
        columns={[{ key: 'name', header: 'NOMBRE', render: (row) => row.name }]}
        statuses={{ accepted: { label: 'Aceptada', color: 'green' }, rejected: { label: 'Rechazada', color: 'red' } }}
        filters={[{ status: 'rejected', label: 'Rechazadas', count: () => 1 }]}
        summary={() => 'Se agregará 1.'}
        confirm={(preview) => ({ label: 'Confirmar', count: preview ? 1 : 0 })}
        success={() => 'Hecho.'}
      />,
      { wrapper: Wrapper },
    );
    expect(await screen.findByText(/Verá lo que pasará con cada línea antes de que se guarde algo\.$/)).toBeInTheDocument();
    const file = new File(['name\nAna\n'], 'nombres.csv', { type: 'text/csv' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, file);
    expect(await screen.findByText('Lo que pasará')).toBeInTheDocument();
    expect(screen.getByText('Todas (2)')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Líneas del archivo' });
    expect(within(table).getByRole('columnheader', { name: 'LÍNEA' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'RESULTADO' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});

describe('after a sign-in, the app speaks the person’s language (lib/session.ts setToken)', () => {
  it("adopts the token's language and keeps it on this browser", async () => {
    expect(currentLocale()).toBe('en');
    setToken(makeToken({ ...instructor, language: 'es' }));
    await waitFor(() => expect(currentLocale()).toBe('es'));
    expect(localStorage.getItem(languageKey)).toBe('es');
    // None chosen: the browser's language (jsdom's is English), and nothing kept.
    setToken(makeToken({ ...instructor, language: null }));
    await waitFor(() => expect(currentLocale()).toBe('en'));
    expect(localStorage.getItem(languageKey)).toBeNull();
  });

  it('leaves the language alone for a token that does not say it', async () => {
    localStorage.setItem(languageKey, 'es');
    setToken(makeToken(instructor));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem(languageKey)).toBe('es');
    expect(currentLocale()).toBe('en');
  });
});
