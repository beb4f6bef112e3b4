import { formatDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { todayIso } from '../src/lib/dates.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import {
  courseEnrollment,
  enrollmentApi,
  loaded,
  renderEnrollmentPage,
  seminarEnrollment,
  setUpEnrollmentPages,
} from './enrollment-support.tsx';
import { openedForm } from './record-form-modal-stub.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/features/enrollments/forms/record-form-modal.tsx', () => import('./record-form-modal-stub.tsx'));

setUpEnrollmentPages();

const course = '/students/12/courses/enrollments/41';
const seminar = '/students/12/seminars/enrollments/42';

describe('products, visits and reminders tabs', () => {
  it('lists the products and removes one with _destroy', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'PUT /enrollments/41': () => courseEnrollment({ product_deliveries: [] }),
    });
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/products`);
    const table = await screen.findByRole('table', { name: 'Products' }, loaded);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'DATE',
      'PRODUCT',
      'QUANTITY',
      'PRICE',
      'DELIVERY',
      'VISITOR',
      'ACTIONS',
    ]);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '02/03/2024',
      'Bible',
      '2',
      '$4.50',
      'In-home',
      'Paul Visitor',
      'Remove',
    ]);
    await user.click(screen.getByRole('button', { name: 'Send a product' }));
    expect(await openedForm()).toEqual({ kind: 'product', studentId: 12, enrollmentId: 41 });
    await user.click(within(row).getByRole('button', { name: 'Remove Bible of 02/03/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bible of 02/03/2024' });
    expect(dialog).toHaveTextContent('The delivery of 2 × Bible on 02/03/2024 is removed');
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ product_deliveries_attributes: [{ id: 501, _destroy: true }] });
    expect(await within(table).findByText('No products delivered.')).toBeInTheDocument();
  });

  it('lists the visits and removes one with _destroy', async () => {
    const api = enrollmentApi(courseEnrollment(), { 'PUT /enrollments/41': () => courseEnrollment({ visits: [] }) });
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/visits`);
    const table = await screen.findByRole('table', { name: 'Visits' }, loaded);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('03/02/2024');
    expect(row).toHaveTextContent('Ida Instructor');
    expect(row).toHaveTextContent('Baptism');
    expect(row).toHaveTextContent('Note: Met the family.');
    await user.click(within(row).getByRole('button', { name: 'Remove visit of 03/02/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove visit of 03/02/2024' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ visits_attributes: [{ id: 301, _destroy: true }] });
  });

  it('marks each reminder overdue, due today, upcoming or followed up, in words; adds notes to it', async () => {
    const today = todayIso();
    const api = enrollmentApi(
      courseEnrollment({
        reminders: [...courseEnrollment().reminders, { id: 403, date: today, notes: [] }],
      }),
    );
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/reminders`);
    const due = await screen.findByRole('listitem', { name: 'Reminder of 03/08/2024' }, loaded);
    const later = screen.getByRole('listitem', { name: 'Reminder of 01/01/2099' });
    const now = screen.getByRole('listitem', { name: `Reminder of ${formatDate(today)}` });
    expect(due).toHaveAttribute('data-state', 'overdue');
    expect(within(due).getByText('Overdue')).toBeInTheDocument();
    expect(within(due).getByText('No follow-up since this date.')).toBeInTheDocument();
    expect(within(due).getByText('Call about lesson 3.')).toBeInTheDocument();
    expect(within(now).getByText('Due today')).toBeInTheDocument();
    expect(within(later).getByText('Upcoming')).toBeInTheDocument();
    expect(within(later).queryByText('Overdue')).toBeNull();
    expect(screen.getByText('2 reminders are due: no follow-up since their dates.')).toBeInTheDocument();
    await user.click(within(due).getByRole('button', { name: 'Add a note: Reminder of 03/08/2024' }));
    expect(await openedForm()).toEqual({
      kind: 'note',
      studentId: 12,
      enrollmentId: 41,
      context: { type: 'reminder', id: 402 },
    });
    await user.click(within(later).getByRole('button', { name: 'Remove reminder of 01/01/2099' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove reminder of 01/01/2099' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ reminders_attributes: [{ id: 401, _destroy: true }] });
  });

  it('a reminder followed up on or after its date says so, and is not due', async () => {
    enrollmentApi(courseEnrollment({ cached_latest_followup_date: '2024-03-08' }));
    renderEnrollmentPage(`${course}/reminders`);
    const reminder = await screen.findByRole('listitem', { name: 'Reminder of 03/08/2024' }, loaded);
    expect(within(reminder).getByText('Followed up')).toBeInTheDocument();
    expect(within(reminder).queryByText('Overdue')).toBeNull();
    expect(screen.queryByText(/reminders? (is|are) due/)).toBeNull();
  });
});

describe('decisions and questions tabs', () => {
  it('lists the decisions of each lesson and visit, with a per-lesson shortcut', async () => {
    enrollmentApi(courseEnrollment());
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/decisions`);
    const table = await screen.findByRole('table', { name: 'Decisions' }, loaded);
    const rows = within(table).getAllByRole('row').slice(1);
    const text = rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent));
    expect(text).toEqual([
      ['1. The Bible', '02/20/2024', 'Accept Jesus as Saviour'],
      ['2. Prayer', '03/04/2024', '-'],
      ['Visit', '03/02/2024', 'Baptism'],
    ]);
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Record a decision: Lesson 1. The Bible' }));
    expect(await openedForm()).toEqual({
      kind: 'decision',
      studentId: 12,
      enrollmentId: 41,
      context: { type: 'lesson', id: 901 },
    });
  });

  it('lists the decisions of each presentation attended on the day it was given', async () => {
    enrollmentApi(seminarEnrollment());
    const user = userEvent.setup();
    renderEnrollmentPage(`${seminar}/decisions`);
    const table = await screen.findByRole('table', { name: 'Decisions' }, loaded);
    const row = (await within(table).findByText('2. The Sabbath')).closest('tr') as HTMLElement;
    await within(row).findByText('04/06/2024');
    expect(row).toHaveTextContent('Keep the Sabbath');
    await user.click(within(row).getByRole('button', { name: 'Record a decision: Presentation 2. The Sabbath' }));
    expect(await openedForm()).toEqual({
      kind: 'decision',
      studentId: 12,
      enrollmentId: 42,
      context: { type: 'presentation', id: 82 },
    });
  });

  it('groups the notes of the lessons by lesson, in the course order', async () => {
    enrollmentApi(courseEnrollment());
    renderEnrollmentPage(`${course}/questions`);
    const first = await screen.findByRole('region', { name: 'Lesson 1. The Bible' }, loaded);
    const second = screen.getByRole('region', { name: 'Lesson 2. Prayer' });
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const firstNotes = within(first).getAllByRole('listitem');
    expect(firstNotes).toHaveLength(2);
    expect(firstNotes[0]).toHaveTextContent('Note');
    expect(firstNotes[0]).toHaveTextContent('Who wrote the Bible?');
    expect(firstNotes[0]).toHaveTextContent('Ida Instructor · 02/21/2024');
    expect(firstNotes[1]).toHaveTextContent('Prayer request');
    expect(firstNotes[1]).toHaveTextContent('Pray for my mother.');
    expect(within(second).getAllByRole('listitem')).toHaveLength(1);
    expect(within(second).getByText('How often should I pray?')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Salvation/ })).toBeNull();
  });
});

describe('presentations tab', () => {
  it('lists the presentations with date and time, and the attendance of the student', async () => {
    enrollmentApi(seminarEnrollment());
    renderEnrollmentPage(`${seminar}/presentations`);
    const table = await screen.findByRole('table', { name: 'Presentations' }, loaded);
    await within(table).findByText('1. Prophecy Opens');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('04/05/2024');
    expect(rows[0]).toHaveTextContent('7:00 PM');
    expect(rows[1]).toHaveTextContent('6:30 PM');
    expect(rows[1]).toHaveTextContent('Keep the Sabbath');
    expect(screen.getByRole('checkbox', { name: 'Attended 1. Prophecy Opens' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Attended 2. The Sabbath' })).toBeChecked();
  });

  it('ticking Attended sends take_attendance and reloads the enrollment (Applied → Attended)', async () => {
    let attended = false;
    const api = enrollmentApi(seminarEnrollment(), {
      'GET /enrollments/42': () => (attended ? seminarEnrollment({ status: 'Attended' }) : seminarEnrollment()),
      'PUT /enrollments/take_attendance': () => {
        attended = true;
        return { updated: 1 };
      },
    });
    const user = userEvent.setup();
    renderEnrollmentPage(`${seminar}/presentations`);
    await user.click(await screen.findByRole('checkbox', { name: 'Attended 1. Prophecy Opens' }, loaded));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/enrollments/take_attendance',
        body: { episode_id: 81, attendances: [{ enrollment_id: 42, attended: true }] },
      },
    ]);
    expect(await screen.findByText('Attended')).toBeInTheDocument();
    expect(api.count('GET', '/enrollments/42')).toBe(2);
  });

  it('unticking sends attended false', async () => {
    const api = enrollmentApi(seminarEnrollment(), { 'PUT /enrollments/take_attendance': () => ({ updated: 1 }) });
    const user = userEvent.setup();
    renderEnrollmentPage(`${seminar}/presentations`);
    await user.click(await screen.findByRole('checkbox', { name: 'Attended 2. The Sabbath' }, loaded));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ episode_id: 82, attendances: [{ enrollment_id: 42, attended: false }] });
  });

  it('records a decision for one presentation', async () => {
    enrollmentApi(seminarEnrollment());
    const user = userEvent.setup();
    renderEnrollmentPage(`${seminar}/presentations`);
    await user.click(await screen.findByRole('button', { name: 'Record a decision: 1. Prophecy Opens' }, loaded));
    expect(await openedForm()).toEqual({
      kind: 'decision',
      studentId: 12,
      enrollmentId: 42,
      context: { type: 'presentation', id: 81 },
    });
  });
});
