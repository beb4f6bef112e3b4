import { MantineProvider } from '@mantine/core';
import type { EnrollmentDetail, EnrollmentSummary } from '@srs/shared/enrollments';
import type { Student } from '@srs/shared/students';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { ToastContainers } from '../src/app/toast-containers.tsx';
import { RecordForm } from '../src/features/enrollments/forms/record-form.tsx';
import type { RecordFormTarget } from '../src/features/enrollments/forms/record-form-target.ts';
import { makeStudent, noRecords } from './student-fixtures.ts';
import { type ApiCall, appConfig, mockJsonApi } from './support.tsx';

// Fixtures and helpers of the record-form tests: one student with courses and a seminar.

function summary(
  id: number,
  seriesId: number,
  name: string,
  type: 'Course' | 'Seminar',
  orphaned = false,
): EnrollmentSummary {
  return {
    id,
    series_id: seriesId,
    series_name: name,
    series_type: type,
    series: { type, name },
    registration_number: String(100000 + id),
    lesson_number: 1,
    orphaned,
    status: type === 'Course' ? 'Enrolled' : 'Applied',
    last_sent_delivery: null,
    cached_latest_followup_date: null,
    followup_reason: null,
  };
}

export const student: Student = makeStudent(5, {
  first_name: 'Ann',
  last_name: 'Lee',
  address: '1 Main St',
  created_at: '2026-01-02T10:00:00Z',
  instructor: { id: 7, first_name: 'Ida', last_name: 'Instructor' },
  school: { id: 3, school_code: '101', church_name: 'Central Church' },
  course_enrollments: [
    summary(11, 21, 'Bible Basics', 'Course'),
    summary(12, 22, 'Amazing Facts', 'Course'),
    summary(13, 23, 'Old Course', 'Course', true),
  ],
  seminar_enrollments: [summary(14, 24, 'Revelation Seminar', 'Seminar')],
});

/** The series list's order: priority courses first (Amazing Facts is one), then by name. */
export const seriesOrder = [
  { id: 22, name: 'Amazing Facts', type: 'Course', priority: true },
  { id: 21, name: 'Bible Basics', type: 'Course', priority: false },
  { id: 23, name: 'Old Course', type: 'Course', priority: false },
  { id: 24, name: 'Revelation Seminar', type: 'Seminar', priority: false },
];

const episode = (id: number, position: number, name: string) => ({ id, position, name, date: null, time: null });

function detail(of: EnrollmentSummary, overrides: Partial<EnrollmentDetail>): EnrollmentDetail {
  return {
    ...of,
    permissions: { update: true, destroy: true },
    student: { id: 5, first_name: 'Ann', middle_name: null, last_name: 'Lee' },
    school: student.school,
    instructor: student.instructor,
    started_on: '2026-01-02',
    needing_followup: false,
    cached_next_reminder_date: null,
    ...noRecords(),
    ...overrides,
  };
}

const [bibleBasics, amazingFacts] = student.course_enrollments as [EnrollmentSummary, EnrollmentSummary];
const [revelation] = student.seminar_enrollments as [EnrollmentSummary];

/** Bible Basics: lesson 1 delivered with the decision 'Accept Jesus'; a visit and a reminder. */
export const bibleBasicsDetail = detail(bibleBasics, {
  episode_deliveries: [
    {
      id: 501,
      episode_id: 101,
      episode_name: 'The Bible',
      episode_position: 1,
      date_sent: '2026-02-01',
      date_completed: null,
      delivery_type: 'PO',
      grading_instructor_id: null,
      decisions: [{ id: 900, decision_option_id: 31, decision_option_name: 'Accept Jesus' }],
      notes: [],
    },
  ],
  visits: [{ id: 701, date: '2026-02-10', visitor: null, decisions: [], notes: [] }],
  reminders: [{ id: 801, date: '2026-03-01', notes: [] }],
});

/** The seminar: presentation 201 attended with the decision 'Keep the Sabbath'. */
export const revelationDetail = detail(revelation, {
  attendances: [
    {
      id: 601,
      episode_id: 201,
      episode_name: 'Prophecy Opens',
      episode_position: 1,
      decisions: [{ id: 950, decision_option_id: 41, decision_option_name: 'Keep the Sabbath' }],
      notes: [],
    },
  ],
});

/**
 * Answers the API from 'METHOD /path' handlers over the student's lookups (a Response is sent as
 * is, anything else as JSON) and records every call; unknown calls answer 404.
 */
export function mockApi(overrides: Record<string, (call: ApiCall) => unknown> = {}) {
  const { calls, callsTo } = mockJsonApi({
    'GET /config': () => appConfig,
    'GET /students/5': () => student,
    'GET /students': () => ({
      students: [student],
      pagination: { page: 1, per_page: 20, total_count: 1, total_pages: 1 },
    }),
    'GET /series/simple_list': () => ({ series: seriesOrder }),
    'GET /series/21/episodes': () => ({
      episodes: [episode(101, 1, 'The Bible'), episode(102, 2, 'Prayer'), episode(103, 3, 'Salvation')],
    }),
    'GET /series/24/episodes': () => ({
      episodes: [episode(201, 1, 'Prophecy Opens'), episode(202, 2, 'The Sabbath')],
    }),
    'GET /series/21/decision_options': () => ({
      decision_options: [
        { id: 31, name: 'Accept Jesus', position: 1 },
        { id: 32, name: 'Baptism', position: 2 },
      ],
    }),
    'GET /series/22/decision_options': () => ({ decision_options: [] }),
    'GET /series/24/decision_options': () => ({
      decision_options: [
        { id: 41, name: 'Keep the Sabbath', position: 1 },
        { id: 42, name: 'Baptism', position: 2 },
      ],
    }),
    'GET /series/21/products': () => ({ products: [{ id: 61, name: 'Study Bible', default_price: '12.50' }] }),
    'GET /enrollments/11': () => bibleBasicsDetail,
    'GET /enrollments/12': () => detail(amazingFacts, {}),
    'GET /enrollments/14': () => revelationDetail,
    'PUT /enrollments/11': () => bibleBasicsDetail,
    'PUT /enrollments/12': () => detail(amazingFacts, {}),
    'PUT /enrollments/14': () => revelationDetail,
    ...overrides,
  });
  return {
    calls,
    /** The bodies of PUT /enrollments/{id}. */
    puts: (id: number) => callsTo('PUT', `/enrollments/${id}`).map((call) => call.body),
  };
}

export function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        {children}
        <ToastContainers />
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderForm(target: RecordFormTarget) {
  const onDone = vi.fn();
  const view = render(<RecordForm target={target} onDone={onDone} />, { wrapper: Providers });
  return { onDone, ...view };
}

/** A select (combobox) or a text field by its accessible name (the required asterisk is not part of it). */
export function field(name: string): HTMLInputElement {
  return (screen.queryByRole('combobox', { name }) ?? screen.getByRole('textbox', { name })) as HTMLInputElement;
}

/** Opens a select; the returned function reads the options it offers (they may still load). */
export async function openOptions(name: string): Promise<() => string[]> {
  await userEvent.click(field(name));
  const listbox = await screen.findByRole('listbox');
  return () =>
    within(listbox)
      .queryAllByRole('option')
      .map((option) => option.textContent ?? '');
}

export async function choose(name: string, option: string) {
  await userEvent.click(field(name));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

export function typeDate(name: string, text: string) {
  fireEvent.change(field(name), { target: { value: text } });
}

export const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

/** The form is ready once the series picker shows. */
export const ready = () => screen.findByRole('combobox', { name: 'Series' });
export const readyCourse = () => screen.findByRole('combobox', { name: 'Course' });
