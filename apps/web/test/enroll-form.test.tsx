import { messages } from '@srs/shared/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriesChoiceGroups } from '../src/features/enrollments/forms/enroll-choices.ts';
import { enrollmentCreated } from '../src/features/enrollments/forms/enroll-form.tsx';
import { RecordForm } from '../src/features/enrollments/forms/record-form.tsx';
import type { RecordFormTarget } from '../src/features/enrollments/forms/record-form-target.ts';
import { bibleBasicsDetail, mockApi, Providers, save, seriesOrder, student } from './record-forms-support.tsx';
import { jsonResponse } from './support.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** What the student's school offers: the student's own series, a new course and a new seminar. */
const offered = [
  { id: 25, name: 'Discover', type: 'Course', priority: true },
  ...seriesOrder,
  { id: 26, name: 'Daniel Seminar', type: 'Seminar', priority: false },
];
const newEnrollment = { ...bibleBasicsDetail, id: 77, series_id: 25, series_name: 'Discover' };

function renderEnroll(target: Partial<RecordFormTarget> = {}) {
  const onDone = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <RecordForm target={{ kind: 'enroll', studentId: 5, ...target }} onDone={onDone} />,
      },
    ],
    { initialEntries: ['/students/5/courses'] },
  );
  render(<RouterProvider router={router} />, { wrapper: Providers });
  return { onDone, router };
}

const choice = (name: string) => screen.findByRole('radio', { name });

describe('the choices of the enroll form', () => {
  it('puts courses before seminars in the server order, marks the series the student is in and filters by name', () => {
    expect(seriesChoiceGroups(offered as never, student)).toEqual([
      {
        heading: 'Courses',
        choices: [
          { value: '25', name: 'Discover', enrolled: false },
          { value: '22', name: 'Amazing Facts', enrolled: true },
          { value: '21', name: 'Bible Basics', enrolled: true },
          // Its only enrollment is orphaned: the student may be enrolled again.
          { value: '23', name: 'Old Course', enrolled: false },
        ],
      },
      {
        heading: 'Seminars',
        choices: [
          { value: '24', name: 'Revelation Seminar', enrolled: true },
          { value: '26', name: 'Daniel Seminar', enrolled: false },
        ],
      },
    ]);
    // A course graduated or left may be taken again: only an active enrollment counts.
    const graduated = {
      ...student,
      course_enrollments: student.course_enrollments.map((e) => (e.series_id === 21 ? { ...e, status: 'Graduated' as const } : e)),
    };
    const [courses] = seriesChoiceGroups(offered as never, graduated);
    expect(courses?.choices.find((c) => c.name === 'Bible Basics')?.enrolled).toBe(false);
    expect(seriesChoiceGroups(offered as never, student, ' DAN').map((group) => group.choices.map((c) => c.name))).toEqual([
      ['Daniel Seminar'],
    ]);
  });
});

describe('Enroll in a course or seminar', () => {
  it("asks for the series the student's school offers and requires a choice", async () => {
    const api = mockApi({ 'GET /series/simple_list': () => ({ series: offered }) });
    renderEnroll();
    const courses = within(await screen.findByRole('group', { name: 'Courses' }));
    expect(courses.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Discover',
      'Amazing Facts',
      'Bible Basics',
      'Old Course',
    ]);
    const lookup = api.calls.find((call) => call.path === '/series/simple_list');
    expect(lookup?.search.get('student_id')).toBe('5');
    expect(screen.getByRole('checkbox', { name: 'Notify instructor by email' })).toBeChecked();
    await save();
    // The cards cannot take the focus, so the error is announced where it appears.
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.fieldRequired);
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription(messages.fieldRequired);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses a series the student is already in, with a link to that enrollment, before anything is sent', async () => {
    const api = mockApi({ 'GET /series/simple_list': () => ({ series: offered }) });
    const { onDone } = renderEnroll();
    await userEvent.click(await choice('Bible Basics'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ann Lee is already enrolled in Bible Basics (registration number 100011).');
    expect(within(alert).getByRole('link', { name: 'Open that enrollment' })).toHaveAttribute(
      'href',
      '/students/5/courses/enrollments/11/lessons',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(alert).getByRole('link', { name: 'Open that enrollment' }));
    expect(onDone).toHaveBeenCalled();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('enrolls, says so and opens the new enrollment on its lessons tab', async () => {
    const api = mockApi({
      'GET /series/simple_list': () => ({ series: offered }),
      'POST /enrollments': () => jsonResponse(newEnrollment, 201),
    });
    const { onDone, router } = renderEnroll();
    await userEvent.click(await choice('Discover'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Notify instructor by email' }));
    await save();
    expect(await screen.findByText(enrollmentCreated)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { student_id: 5, series_id: 25, school_id: 3, notify_instructor_by_email: false },
    ]);
    expect(onDone).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/students/5/courses/enrollments/77/lessons');
  });

  it("offers only the tab's kind of series, and keeps the choice when the server refuses", async () => {
    const api = mockApi({
      'GET /series/simple_list': ({ search }) => ({
        series: offered.filter((series) => series.type === search.get('type')),
      }),
      'POST /enrollments': () => jsonResponse(['Ann Lee is already enrolled in Daniel Seminar.'], 422),
    });
    const { onDone, router } = renderEnroll({ seriesType: 'Seminar' });
    await userEvent.click(await choice('Daniel Seminar'));
    expect(screen.queryByRole('group', { name: 'Courses' })).not.toBeInTheDocument();
    await save();
    expect(await screen.findByText('Ann Lee is already enrolled in Daniel Seminar.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Daniel Seminar' })).toBeChecked();
    expect(onDone).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/students/5/courses');
    // The student loads again, so that an enrollment made meanwhile shows in the form.
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/students/5')).toHaveLength(2));
  });
});
