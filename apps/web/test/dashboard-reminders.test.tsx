import type { AccountDetail } from '@srs/shared/account';
import { formatDate } from '@srs/shared/dates';
import type { DueReminder } from '@srs/shared/reminders';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemindersDueSection, remindersDueLine } from '../src/features/enrollments/components/reminders-due.tsx';
import { todayIso } from '../src/lib/dates.ts';
import { setToken } from '../src/lib/session.ts';
import { DashboardMobile } from '../src/routes/dashboard-mobile.tsx';
import { Component as Settings } from '../src/routes/settings.tsx';
import { appConfig, instructor, jsonResponse, makeToken, mockJsonApi, stubApi, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page = (total: number, perPage = 100) => ({
  page: 1,
  per_page: perPage,
  total_count: total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});

const today = todayIso();
const overdueDay = todayIso(new Date(Date.now() - 8 * 86_400_000));

const due = (id: number, date: string, type: 'Course' | 'Seminar', first: string): DueReminder => ({
  id,
  date,
  enrollment_id: 100 + id,
  student: { id: 10 + id, first_name: first, last_name: 'Lopez' },
  series: { id: 5, name: type === 'Course' ? 'Life of Jesus' : 'Revelation Seminar', type },
  instructor: { id: 7, first_name: 'Ida', last_name: 'Instructor' },
});

const twoDue = [due(1, overdueDay, 'Seminar', 'Tomas'), due(2, today, 'Course', 'Maria')];

function renderIn(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>, { wrapper: Wrapper });
}

describe('the reminders that came back, on the dashboard (docs/decisions/021)', () => {
  it('on a desk: a table whose rows open their enrollment on the reminders tab, due today or overdue in words', async () => {
    const api = mockJsonApi({ 'GET /enrollments/reminders_due': () => ({ reminders: twoDue, pagination: page(2) }) });
    renderIn(<RemindersDueSection />);
    const section = await screen.findByRole('region', { name: 'Reminders due' });
    expect(within(section).getByText('2 reminders due.')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Reminders due' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Tomas Lopez', 'Revelation Seminar', `Overdue since ${formatDate(overdueDay)}`, 'Ida Instructor'],
      ['Maria Lopez', 'Life of Jesus', 'Due today', 'Ida Instructor'],
    ]);
    expect(within(table).getByRole('link', { name: 'Tomas Lopez' })).toHaveAttribute(
      'href',
      '/students/11/seminars/enrollments/101/reminders',
    );
    expect(within(table).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute(
      'href',
      '/students/12/courses/enrollments/102/reminders',
    );
    // The dashboard's first 100, the longest waiting first: the server's order.
    expect(api.callsTo('GET', '/enrollments/reminders_due')[0]!.search.get('per_page')).toBe('100');
  });

  it('on a phone: a list of links, each to its enrollment’s reminders', async () => {
    mockJsonApi({ 'GET /enrollments/reminders_due': () => ({ reminders: twoDue, pagination: page(2) }) });
    renderIn(<RemindersDueSection phone />);
    const section = await screen.findByRole('region', { name: 'Reminders due' });
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        `Tomas LopezRevelation Seminar · Overdue since ${formatDate(overdueDay)}`,
        '/students/11/seminars/enrollments/101/reminders',
      ],
      ['Maria LopezLife of Jesus · Due today', '/students/12/courses/enrollments/102/reminders'],
    ]);
  });

  it('draws nothing when none is due', async () => {
    const api = mockJsonApi({ 'GET /enrollments/reminders_due': () => ({ reminders: [], pagination: page(0) }) });
    renderIn(<RemindersDueSection />);
    await waitFor(() => expect(api.callsTo('GET', '/enrollments/reminders_due')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Reminders due' })).toBeNull();
    expect(screen.queryByText('Reminders due')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says how many when not all are shown', () => {
    expect(remindersDueLine({ total_count: 1, total_capped: false }, 1)).toBe('1 reminder due.');
    expect(remindersDueLine({ total_count: 3, total_capped: false }, 3)).toBe('3 reminders due.');
    expect(remindersDueLine({ total_count: 1204, total_capped: false }, 100)).toBe(
      '1,204 reminders due, the 100 waiting longest are here.',
    );
    expect(remindersDueLine({ total_count: 1000, total_capped: true }, 100)).toBe(
      'More than 1,000 reminders due, the 100 waiting longest are here.',
    );
  });

  it('shows the three waiting longest in a box as high as the frame drew it, the rest behind Show all', async () => {
    localStorage.removeItem('dashboard_reminders');
    const five = [1, 2, 3, 4, 5].map((id) => due(id, overdueDay, 'Course', `Name${id}`));
    mockJsonApi({ 'GET /enrollments/reminders_due': () => ({ reminders: five, pagination: page(5) }) });
    renderIn(<RemindersDueSection phone />);
    const section = await screen.findByRole('region', { name: 'Reminders due' });
    expect(within(section).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/students/11/courses/enrollments/101/reminders',
      '/students/12/courses/enrollments/102/reminders',
      '/students/13/courses/enrollments/103/reminders',
    ]);
    expect(within(section).getByText('5 reminders due, the 3 waiting longest are here.')).toBeInTheDocument();
    // Three rows and a button: the box's height (reminders-due.module.css), remembered for the frame.
    expect(section.style.getPropertyValue('--rd-rows')).toBe('3');
    expect(section.style.getPropertyValue('--rd-more')).toBe('1');
    await waitFor(() => expect(localStorage.getItem('dashboard_reminders')).toBe('3+'));
    const more = within(section).getByRole('button', { name: 'Show all 5' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(section).getAllByRole('link')).toHaveLength(5);
    expect(within(section).getByText('5 reminders due.')).toBeInTheDocument();
    expect(section.style.getPropertyValue('--rd-rows')).toBe('');
    await userEvent.click(within(section).getByRole('button', { name: 'Show fewer' }));
    expect(within(section).getAllByRole('link')).toHaveLength(3);
  });

  it('keeps the remembered box, empty, while the reminders load, and forgets it when none is due', async () => {
    localStorage.setItem('dashboard_reminders', '2');
    let answer: (value: Response) => void = () => {};
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderIn(<RemindersDueSection />);
    const waiting = await screen.findByRole('region', { name: 'Reminders due' });
    expect(waiting).toHaveAttribute('aria-busy', 'true');
    expect(waiting.style.getPropertyValue('--rd-rows')).toBe('2');
    expect(within(waiting).queryByRole('table')).toBeNull();
    answer(jsonResponse({ reminders: [], pagination: page(0) }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Reminders due' })).toBeNull());
    expect(localStorage.getItem('dashboard_reminders')).toBeNull();
  });

  it('sits on the phone dashboard under the five tiles, above the follow-up list, the tiles unchanged', async () => {
    setToken(makeToken(instructor));
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /students': () => ({ students: [], pagination: page(4, 1) }),
      'GET /enrollments/needing_followup': () => ({ enrollments: [], pagination: page(0) }),
      'GET /enrollments/reminders_due': () => ({ reminders: twoDue, pagination: page(2) }),
    });
    renderIn(<DashboardMobile />);
    const reminders = await screen.findByRole('region', { name: 'Reminders due' });
    const followup = screen.getByRole('region', { name: 'Students needing follow-up' });
    const tile = await screen.findByRole('link', { name: '4 follow-up: students needing follow-up' });
    expect(tile.compareDocumentPosition(reminders) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(reminders.compareDocumentPosition(followup) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^4 / })).toHaveLength(4);
  });
});

describe('the morning mail’s switch in Settings', () => {
  const account: AccountDetail = {
    id: 7,
    first_name: 'Ida',
    last_name: 'Instructor',
    email: 'instructor@demo.test',
    phone: null,
    profile_picture_url: null,
    background_image_url: null,
    email_preferences: { new_student: true, enrollment_notice: true, interest_assigned: true, reminder_mail: true },
    password_sign_in: true,
    mfa_enabled: false,
        language: null,
  };

  it('is on by default and goes off in one click', async () => {
    setToken(makeToken(instructor));
    const api = mockJsonApi({
      'GET /config': () => appConfig,
      'GET /users/current': () => account,
      'PATCH /users/update_current': (call) => ({
        ...account,
        email_preferences: { ...account.email_preferences, ...(call.body as Pick<AccountDetail, 'email_preferences'>).email_preferences },
      }),
    });
    renderIn(<Settings />);
    const box = await screen.findByRole('checkbox', { name: /Morning mail of reminders and follow-up/ });
    expect(box).toBeChecked();
    expect(screen.getByText(/one mail listing them/)).toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(api.callsTo('PATCH', '/users/update_current')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/users/update_current')[0]!.body).toEqual({ email_preferences: { reminder_mail: false } });
    await waitFor(() => expect(box).not.toBeChecked());
  });
});
