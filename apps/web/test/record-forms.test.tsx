import { formatDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../src/lib/dates.ts';
import { jsonResponse } from './support.tsx';
import {
  choose,
  field,
  mockApi,
  openOptions,
  ready,
  readyCourse,
  renderForm,
  save,
  student,
  typeDate,
} from './record-forms-support.tsx';

// Mantine's selects and the forms' queries take a few seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('Send a lesson (SPEC section 5)', () => {
  it('requires the course, the lesson and a sent or received date, word for word', async () => {
    const api = mockApi();
    renderForm({ kind: 'lesson', studentId: 5 });
    await readyCourse();
    // A lesson is mostly sent the day it is recorded: the sent date starts at today.
    expect(field('Sent date')).toHaveValue(formatDate(todayIso()));
    typeDate('Sent date', '');
    await save();
    expect(await screen.findAllByText(messages.fieldRequired)).toHaveLength(2);
    expect(screen.getByText(messages.sentOrReceivedRequired)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([]);
  });

  it('offers only course enrollments, priority first, and leaves out delivered lessons', async () => {
    mockApi();
    renderForm({ kind: 'lesson', studentId: 5 });
    await readyCourse();
    const courses = await openOptions('Course');
    await waitFor(() => expect(courses()).toEqual(['Amazing Facts', 'Bible Basics']));
    await userEvent.click(screen.getByRole('option', { name: 'Bible Basics' }));
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    const lessons = await openOptions('Lesson');
    await waitFor(() => expect(lessons()).toEqual(['2. Prayer', '3. Salvation']));
  });

  it("starts with the student's only course when no enrollment was chosen (orphaned ones do not count)", async () => {
    const [bibleBasics, , orphaned] = student.course_enrollments;
    mockApi({
      'GET /students/5': () =>
        jsonResponse({ ...student, course_enrollments: [bibleBasics, orphaned], seminar_enrollments: [] }),
    });
    renderForm({ kind: 'lesson', studentId: 5 });
    await readyCourse();
    await waitFor(() => expect(field('Course')).toHaveValue('Bible Basics'));
  });

  it("sends the lesson and says 'Updated successfully.'", async () => {
    const api = mockApi();
    const { onDone } = renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11 });
    await readyCourse();
    expect(field('Course')).toHaveValue('Bible Basics');
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    await choose('Lesson', '2. Prayer');
    typeDate('Sent date', '');
    typeDate('Received date', '03/07/2026');
    await choose('Delivery type', 'In-home');
    await save();
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      {
        episode_deliveries_attributes: [
          { episode_id: 102, date_sent: null, date_completed: '2026-03-07', delivery_type: 'IH' },
        ],
      },
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("starts with the lesson of the row it was opened for (a lessons tab row's 'Send')", async () => {
    mockApi();
    renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11, episodeId: 103 });
    await readyCourse();
    expect(field('Course')).toHaveValue('Bible Basics');
    await waitFor(() => expect(field('Lesson')).toHaveValue('3. Salvation'));
  });

  it('a failed Save focuses the first invalid field without opening its list over the messages', async () => {
    mockApi();
    renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11 });
    await readyCourse();
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    typeDate('Sent date', '');
    await save();
    expect(await screen.findByText(messages.fieldRequired)).toBeVisible();
    expect(screen.getByText(messages.sentOrReceivedRequired)).toBeVisible();
    await waitFor(() => expect(field('Lesson')).toHaveFocus());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field('Lesson')).toHaveAttribute('aria-expanded', 'false');
  });

  it('refuses a received date before the sent date', async () => {
    const api = mockApi();
    renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11 });
    await readyCourse();
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    await choose('Lesson', '2. Prayer');
    typeDate('Sent date', '03/15/2026');
    typeDate('Received date', '03/01/2026');
    await save();
    expect(await screen.findByText('Received date must not be before the sent date')).toBeInTheDocument();
    expect(api.puts(11)).toEqual([]);
  });

  it("refuses a date it cannot read with 'Date input not valid.'", async () => {
    const api = mockApi();
    renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11 });
    await readyCourse();
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    await choose('Lesson', '2. Prayer');
    typeDate('Sent date', '13/45/2026');
    await save();
    expect(await screen.findByText(messages.dateInvalid)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([]);
  });

  it('a failed save keeps everything typed and does not close', async () => {
    const api = mockApi({ 'PUT /enrollments/11': () => jsonResponse(['Lesson has already been sent'], 422) });
    const { onDone } = renderForm({ kind: 'lesson', studentId: 5, enrollmentId: 11 });
    await readyCourse();
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    await choose('Lesson', '3. Salvation');
    typeDate('Sent date', '03/07/2026');
    await save();
    expect(await screen.findByText('Lesson has already been sent')).toBeInTheDocument();
    expect(api.puts(11)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByText(messages.updated)).not.toBeInTheDocument();
    expect(field('Course')).toHaveValue('Bible Basics');
    expect(field('Lesson')).toHaveValue('3. Salvation');
    expect(field('Sent date')).toHaveValue('03/07/2026');
  });
});

describe('the student and series pickers (SPEC sections 4, 5 and 9)', () => {
  const studentSearches = (api: ReturnType<typeof mockApi>) =>
    api.calls.filter((call) => call.method === 'GET' && call.path === '/students');

  it('with no student preselected, searches after 2 characters and a 500 ms pause, then shows the form', async () => {
    const api = mockApi();
    renderForm({ kind: 'visit', studentId: null });
    expect(screen.getByText('Choose the student first.')).toBeInTheDocument();
    await userEvent.type(field('Student'), 'a');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(studentSearches(api)).toHaveLength(0);
    await userEvent.type(field('Student'), 'n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(studentSearches(api)).toHaveLength(0);
    await waitFor(() => expect(studentSearches(api)).toHaveLength(1));
    expect(studentSearches(api)[0]?.search.get('query')).toBe('an');
    await userEvent.click(await screen.findByRole('option', { name: 'Ann Lee (#101)' }));
    expect(await ready()).toBeInTheDocument();
    expect(screen.queryByText('Choose the student first.')).not.toBeInTheDocument();
  });

  it('a preselected student is shown and its series offered', async () => {
    mockApi();
    renderForm({ kind: 'reminder', studentId: 5 });
    await ready();
    expect(field('Student')).toHaveValue('Ann Lee (#101)');
    expect(field('Series')).toHaveValue('');
  });

  it('a preselected enrollment is chosen', async () => {
    mockApi();
    renderForm({ kind: 'reminder', studentId: 5, enrollmentId: 14 });
    await ready();
    expect(field('Series')).toHaveValue('Revelation Seminar (Seminar)');
  });

  it('hides orphaned enrollments and puts priority courses first', async () => {
    mockApi();
    renderForm({ kind: 'reminder', studentId: 5 });
    await ready();
    const series = await openOptions('Series');
    await waitFor(() =>
      expect(series()).toEqual(['Amazing Facts (Course)', 'Bible Basics (Course)', 'Revelation Seminar (Seminar)']),
    );
    expect(screen.queryByText(/Old Course/)).not.toBeInTheDocument();
  });

  it('filters the series by case-insensitive substring', async () => {
    mockApi();
    renderForm({ kind: 'reminder', studentId: 5 });
    await ready();
    const series = await openOptions('Series');
    await userEvent.type(field('Series'), 'BAS');
    await waitFor(() => expect(series()).toEqual(['Bible Basics (Course)']));
    await userEvent.clear(field('Series'));
    await userEvent.type(field('Series'), 'ation sem');
    await waitFor(() => expect(series()).toEqual(['Revelation Seminar (Seminar)']));
  });
});
