import type { TokenUser } from '@srs/shared/roles';
import type { StudentDetail } from '@srs/shared/students';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EraseStudentDialog, erasedMessage } from '../src/features/students/components/erase-student-dialog.tsx';
import { StudentHeading } from '../src/features/students/components/student-heading.tsx';
import { clearSession, setToken } from '../src/lib/session.ts';
import { makeStudent, makeStudentDetail, mockApi } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin, Wrapper } from './support.tsx';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));
const { showSuccess } = await import('../src/lib/toasts.ts');
const { saveBlob } = await import('../src/lib/browser.ts');

const globalAdmin: TokenUser = {
  id: 1,
  first_name: 'Gloria',
  last_name: 'Keeper',
  email: 'global@demo.test',
  admin: false,
  roles: [{ id: 9, role_type: 'global_admin', organization_type: null, organization_id: null, organization_name: null }],
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const student = makeStudent(5, { first_name: 'Ann', middle_name: 'Marie', last_name: 'Lee' });
const eraseButton = () => screen.getByRole('button', { name: 'Erase personal data' });
const nameField = () => screen.getByRole('textbox', { name: /type the student's full name/ });

describe("'Erase personal data' dialog", () => {
  it('says what goes and what stays, and erases only once the full name is typed', async () => {
    const api = mockApi({
      'POST /students/5/erase': () =>
        jsonResponse({ student_id: 5, erased_at: '2026-03-07T10:00:00.000Z', version_id: 77 }),
    });
    const onClose = vi.fn();
    render(<EraseStudentDialog student={student} opened onClose={onClose} />, { wrapper: Wrapper });

    expect(screen.getByRole('dialog', { name: 'Erase personal data' })).toBeInTheDocument();
    expect(screen.getByText(/cannot be undone/)).toBeInTheDocument();
    expect(screen.getByText(/Their name becomes “Erased Student 5”/)).toBeInTheDocument();
    expect(screen.getByText(/so that the reports still count them/)).toBeInTheDocument();
    expect(eraseButton()).toBeDisabled();

    fireEvent.change(nameField(), { target: { value: 'Ann Lee' } });
    expect(eraseButton()).toBeDisabled();
    fireEvent.click(eraseButton());
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    // The same name, whatever the capitals and spaces.
    fireEvent.change(nameField(), { target: { value: '  ann  marie LEE ' } });
    expect(eraseButton()).toBeEnabled();
    fireEvent.click(eraseButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/students/5/erase']);
    expect(showSuccess).toHaveBeenCalledWith(erasedMessage('Ann Marie Lee'));
  });
});

describe("the student's page actions", () => {
  // The heading links to the student's history: it sits in a router, as on the page.
  const renderHeading = (detail: StudentDetail) => renderRoutes([{ path: '/', element: <StudentHeading student={detail} /> }], '/');
  const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Student actions' }));
  // The menu opens with a transition: its items are found while it is still marked hidden.

  it('offers the personal-data file and the erasure to a global admin; the file saves under its own name', async () => {
    setToken(makeToken(globalAdmin));
    mockApi({
      'GET /students/5/personal_data.pdf': () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="student-5-personal-data-2026-03-07.pdf"',
          },
        }),
    });
    renderHeading(makeStudentDetail(5, { first_name: 'Ann', last_name: 'Lee' }, { destroy: false }));
    openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Export personal data (JSON)', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Erase personal data…', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete student', hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export personal data (PDF)', hidden: true }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'student-5-personal-data-2026-03-07.pdf'));
  });

  it('shows an erased student as erased, with nothing left to erase', async () => {
    setToken(makeToken(globalAdmin));
    const erased = makeStudentDetail(5, { first_name: 'Erased', last_name: 'Student 5', erased_at: '2026-03-07T10:00:00Z' });
    renderHeading(erased);
    expect(screen.getByText('Personal data erased on 03/07/2026')).toBeInTheDocument();
    openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Export personal data (PDF)', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Erase personal data…', hidden: true })).toBeNull();
  });

  it('offers none of it to a school admin', async () => {
    setToken(makeToken(schoolAdmin));
    renderHeading(makeStudentDetail(5));
    openMenu();
    expect(await screen.findByRole('menuitem', { name: 'Delete student', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /personal data/, hidden: true })).toBeNull();
  });
});
