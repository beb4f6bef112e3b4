import type { AccountDetail } from '@srs/shared/account';
import type { ApiKey } from '@srs/shared/api-keys';
import type { ReportResponse } from '@srs/shared/reports';
import type { VersionDetail, VersionSummary } from '@srs/shared/versions';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiKeyList } from '../src/features/api-keys/components/api-key-list.tsx';
import { undoneSentence } from '../src/features/versions/components/import-undo.tsx';
import { VersionsTable } from '../src/features/versions/components/versions-table.tsx';
import { versionsText } from '../src/features/versions/messages.ts';
import { switchLanguage } from '../src/i18n/load.ts';
import { currentLocale, languageKey } from '../src/i18n/locale.ts';
import { setToken } from '../src/lib/session.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import { Component as ApiKeysPage } from '../src/routes/api-keys.tsx';
import { Component as MyAccount } from '../src/routes/my-account.tsx';
import { Component as Reports } from '../src/routes/reports.tsx';
import * as versionDetail from '../src/routes/version-detail.tsx';
import { instructor, makeToken, mockJsonApi, renderRoutes, renderWithAppClient, resetAfterEach, schoolAdmin, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const account: AccountDetail = {
  id: 7,
  first_name: 'Ida',
  last_name: 'Instructor',
  email: 'instructor@demo.test',
  phone: null,
  profile_picture_url: null,
  background_image_url: null,
  email_preferences: { new_student: true, enrollment_notice: true },
  password_sign_in: true,
  mfa_enabled: false,
  language: null,
};

/** The account's API: GET answers what the last PATCH saved. */
function accountApi(start: AccountDetail = account) {
  let saved = start;
  return mockJsonApi({
    'GET /users/current': () => saved,
    'PATCH /users/update_current': (call) => {
      saved = { ...saved, ...(call.body as Partial<AccountDetail>) };
      return saved;
    },
  });
}

describe('My Account → Language (issue 29)', () => {
  it('saves Español, draws the page in Spanish at once and keeps it; the browser’s language goes back to it', async () => {
    setToken(makeToken(instructor));
    const api = accountApi();
    renderRoutes([{ path: '/account/my-account', Component: MyAccount }], '/account/my-account');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    const language = screen.getByRole('region', { name: 'Language' });
    expect(within(language).getByRole('radio', { name: 'Same as this browser' })).toBeChecked();

    await userEvent.click(within(language).getByRole('radio', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Mi cuenta' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/users/update_current').map((call) => call.body)).toEqual([{ language: 'es' }]);
    expect(currentLocale()).toBe('es');
    expect(localStorage.getItem(languageKey)).toBe('es');
    expect(document.documentElement.lang).toBe('es-US');
    expect(showSuccess).toHaveBeenLastCalledWith('Actualizado correctamente.');
    // The whole page is in Spanish: its sections, the form's fields, the buttons.
    const idioma = screen.getByRole('region', { name: 'Idioma' });
    await waitFor(() => expect(within(idioma).getByRole('radio', { name: 'Español' })).toBeChecked());
    expect(screen.getByRole('heading', { name: 'Sus datos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Segundo factor de verificación' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Ida');
    expect(screen.getByLabelText(/^Apellido/)).toHaveValue('Instructor');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByText('Configurar el segundo factor')).toBeInTheDocument();
    // English keeps its own name, in its own voice.
    expect(within(idioma).getByText('English')).toHaveAttribute('lang', 'en');

    await userEvent.click(within(idioma).getByRole('radio', { name: 'El mismo de este navegador' }));
    // jsdom's browser reads English.
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/users/update_current').map((call) => call.body)).toEqual([{ language: 'es' }, { language: null }]);
    expect(localStorage.getItem(languageKey)).toBeNull();
    expect(currentLocale()).toBe('en');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Same as this browser' })).toBeChecked());
  });

  it('adopts the language the account was given on another device as it loads', async () => {
    setToken(makeToken(instructor));
    accountApi({ ...account, language: 'es' });
    renderRoutes([{ path: '/account/my-account', Component: MyAccount }], '/account/my-account');
    expect(await screen.findByRole('heading', { name: 'Mi cuenta' })).toBeInTheDocument();
    expect(localStorage.getItem(languageKey)).toBe('es');
    expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked();
  });
});

const enrollmentsByStatus: ReportResponse = {
  columns: [
    { key: 'name', label: 'Status', kind: 'text' },
    { key: 'enrollments', label: 'Enrollments', kind: 'number' },
    { key: 'active', label: 'Active', kind: 'number' },
    { key: 'graduated', label: 'Graduated', kind: 'number' },
    { key: 'graduation_rate', label: 'Graduation rate (%)', kind: 'percent' },
  ],
  rows: [
    { key: 'Enrolled', name: 'Enrolled', enrollments: 1204, active: 1204, graduated: 0, graduation_rate: 0 },
    { key: 'Graduated', name: 'Graduated', enrollments: 46, active: 0, graduated: 46, graduation_rate: 100 },
  ],
  totals: { name: 'Total', enrollments: 1250, active: 1204, graduated: 46, graduation_rate: 3.7 },
};

const followupByInstructor: ReportResponse = {
  columns: [
    { key: 'name', label: 'Instructor', kind: 'text' },
    { key: 'needing_followup', label: 'Needing follow-up', kind: 'number' },
    { key: 'oldest_days', label: 'Oldest waiting (days)', kind: 'days' },
  ],
  rows: [
    { id: 3, name: 'Ann Lee', needing_followup: 12, oldest_days: 1 },
    { id: null, name: 'No instructor', needing_followup: 2, oldest_days: 400 },
  ],
  totals: { name: 'Total', needing_followup: 14, oldest_days: 400 },
};

function reportsApi() {
  return mockJsonApi({
    'GET /reports/enrollments': () => enrollmentsByStatus,
    'GET /reports/followup': () => followupByInstructor,
    'GET /schools/simple_list': () => ({ schools: [] }),
    'GET /series/simple_list': () => ({ series: [] }),
  });
}

describe('the reports in Spanish', () => {
  it('shows a report’s table grouped by status, its numbers, totals and period in Spanish', async () => {
    setToken(makeToken(schoolAdmin));
    const api = reportsApi();
    await act(() => switchLanguage('es'));
    renderRoutes(
      [{ path: '/reports', Component: Reports }],
      '/reports?report=enrollments&group=status&period=custom&from=2026-10-01&to=2026-12-31',
    );
    expect(await screen.findByRole('heading', { name: 'Reportes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inscripciones' })).toBeInTheDocument();
    expect(screen.getByText('Inscripciones iniciadas en el período, según su estado actual, y cuántas se graduaron.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Agrupar por' })).toHaveValue('Estado');
    expect(screen.getByRole('combobox', { name: 'Período' })).toHaveValue('Entre dos fechas');
    expect(screen.getByText('Del 01/10/2026 al 31/12/2026, según el día en que empezó una inscripción.')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Inscripciones por estado' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Estado', 'Inscripciones', 'Activas', 'Graduadas', 'Tasa de graduación (%)']);
    expect(within(table).getByText('Inscrito')).toBeInTheDocument();
    expect(within(table).getByText('Graduado')).toBeInTheDocument();
    expect(within(table).getAllByText('1,204')).toHaveLength(2);
    expect(within(table).getByText('100%')).toBeInTheDocument();
    expect(screen.getByLabelText('Inscripciones por estado: totales')).toHaveTextContent(
      'Total · Inscripciones: 1,250 · Activas: 1,204 · Graduadas: 46 · Tasa de graduación (%): 3.7%',
    );
    expect(screen.getByRole('figure', { name: 'Inscripciones por estado: inscripciones' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/reports/enrollments')[0]!.search.get('group')).toBe('status');
  });

  it('shows the follow-up roll-up with its way back up, a row of nobody and days in the singular and plural', async () => {
    setToken(makeToken(schoolAdmin));
    reportsApi();
    renderRoutes(
      [{ path: '/reports', Component: Reports }],
      '/reports?report=followup&group=instructor&conference_id=4&conference_name=Lake+Union&school_id=9&school_name=Grace+Church',
    );
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Instructors of Grace Church' })).toHaveTextContent('Ann Lee');
    await act(() => switchLanguage('es'));
    expect(screen.getByRole('heading', { name: 'Seguimiento' })).toBeInTheDocument();
    expect(screen.getByText(/Abra una asociación para ver sus escuelas/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todas las asociaciones' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Instructores de Grace Church' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Instructor',
      'Necesitan seguimiento',
      'Espera más larga (días)',
    ]);
    expect(within(table).getByText('1 día')).toBeInTheDocument();
    expect(within(table).getByText('400 días')).toBeInTheDocument();
    expect(within(table).getByText('Sin instructor')).toBeInTheDocument();
    expect(screen.getByText('espera más larga: 1 día')).toBeInTheDocument();
    expect(screen.getByText('Instructores de Grace Church: cursos y seminarios que necesitan seguimiento')).toBeInTheDocument();
  });
});

const change: VersionSummary = {
  id: 52,
  item_type: 'Student',
  item_type_label: 'Student',
  item_id: 28,
  event: 'update',
  created_at: '2026-11-02T12:00:00.000Z',
  user: { id: 4, first_name: 'Sam', last_name: 'Ray' },
  record: 'Ann Smith',
  fields: ['City'],
};

describe('the history of changes in Spanish', () => {
  it('lists changes with their action, kind of record and day first dates', async () => {
    await act(() => switchLanguage('es'));
    render(
      <MemoryRouter>
        <VersionsTable versions={[change]} loading={false} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    const table = screen.getByRole('table', { name: 'Cambios' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Cuándo',
      'Quién',
      'Acción',
      'Tipo de registro',
      'Registro',
      'Campos cambiados',
    ]);
    expect(within(table).getByRole('link', { name: /^02\/11\/2026 \d\d:\d\d$/ })).toBeInTheDocument();
    expect(within(table).getByText('Actualizado')).toBeInTheDocument();
    expect(within(table).getByText('Estudiante')).toBeInTheDocument();
  });

  it('shows one change, each field before and after, to set back', async () => {
    const detail: VersionDetail = {
      ...change,
      changes: [{ field: 'city', label: 'City', before: 'Springfield', after: 'Dayton', revertible: true }],
      record_path: '/students/28',
      removed_with: null,
      import_undo: null,
      can_restore: false,
    };
    setToken(makeToken());
    mockJsonApi({ 'GET /versions/52': () => detail });
    await act(() => switchLanguage('es'));
    const router = createMemoryRouter(
      [{ path: '/versions/:versionId', loader: versionDetail.loader, Component: versionDetail.Component, hydrateFallbackElement: <p>…</p> }],
      { initialEntries: ['/versions/52'] },
    );
    renderWithAppClient(router);
    expect(await screen.findByRole('heading', { name: 'Actualizado: estudiante Ann Smith' })).toBeInTheDocument();
    expect(screen.getByText(/^Por Sam Ray el 02\/11\/2026 \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByText('Todo su historial')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Campos cambiados' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Antes' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Restablecer Ciudad' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restablecer los campos elegidos' })).toBeDisabled();
  });

  it('says what an undone import did, with its plurals', async () => {
    await act(() => switchLanguage('es'));
    const kept = [{ student_id: 5, name: 'Ann Lee', why: 'changed since' }];
    expect(undoneSentence({ undone: { students: 2, enrollments: 1, lessons: 3 }, kept } as never)).toBe(
      'Importación deshecha: 2 estudiantes, 1 inscripción y 3 lecciones eliminados; 1 estudiante conservado.',
    );
  });

  it('keeps the English apostrophes', () => {
    expect(versionsText.t('changesBy', { name: 'Sam Ray' })).toBe("Changes by Sam Ray: show everyone's");
  });
});

const key: ApiKey = {
  id: 4,
  name: 'Central Church website',
  prefix: 'srs_3f9a1c2e',
  created_at: '2026-11-20T10:00:00Z',
  created_by: 'Grace Global',
  last_used_at: null,
  revoked_at: null,
};

describe('the API keys in Spanish', () => {
  it('says what a key is for, with its code, and lists keys with day first dates', async () => {
    setToken(makeToken(schoolAdmin));
    mockJsonApi({ 'GET /api_keys': () => ({ api_keys: [key] }) });
    await act(() => switchLanguage('es'));
    render(
      <MemoryRouter>
        <ApiKeysPage />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(await screen.findByRole('heading', { name: 'Claves de API' })).toBeInTheDocument();
    expect(screen.getByText(/^El sitio web de una iglesia envía/)).toHaveTextContent(
      'El sitio web de una iglesia envía los datos de las personas que piden estudios bíblicos a POST /api/public/interests con una clave en su encabezado Authorization: Bearer …',
    );
    expect(screen.getByText('Creada el 20/11/2026 por Grace Global · Último uso: nunca')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revocar Central Church website' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enviar interesados desde su sitio web' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Significado' })).toBeInTheDocument();
    expect(screen.getByText('número entero')).toBeInTheDocument();
  });

  it('lists a revoked key by its day', async () => {
    await act(() => switchLanguage('es'));
    render(<ApiKeyList keys={[{ ...key, revoked_at: '2026-12-03T09:00:00Z' }]} />, { wrapper: Wrapper });
    expect(screen.getByText('Revocada el 03/12/2026')).toBeInTheDocument();
  });
});
