import { MantineProvider } from '@mantine/core';
import type { StudentDecision, StudentNote, StudentProduct } from '@srs/shared/students';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { pages } from '../src/lib/site-map/pages.ts';
import * as decisionsRoute from '../src/routes/student-decisions.tsx';
import * as notesRoute from '../src/routes/student-notes.tsx';
import * as productsRoute from '../src/routes/student-products.tsx';
import { makeStudent, mockApi } from './student-fixtures.ts';
import { jsonResponse } from './support.tsx';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const student = makeStudent(12, {
  course_enrollments: [
    {
      id: 40,
      series_id: 1,
      series_name: 'Discover',
      series_type: 'Course',
      series: { type: 'Course', name: 'Discover' },
      registration_number: '100040',
      lesson_number: 3,
      orphaned: false,
      status: 'Enrolled',
      last_sent_delivery: null,
      cached_latest_followup_date: null,
      followup_reason: null,
    },
  ],
  seminar_enrollments: [
    {
      id: 41,
      series_id: 2,
      series_name: 'Revelation Seminar',
      series_type: 'Seminar',
      series: { type: 'Seminar', name: 'Revelation Seminar' },
      registration_number: '100041',
      lesson_number: 0,
      orphaned: false,
      status: 'Attended',
      last_sent_delivery: null,
      cached_latest_followup_date: null,
      followup_reason: null,
    },
  ],
});

const decision = (overrides: Partial<StudentDecision>): StudentDecision => ({
  id: 1,
  enrollment_id: 40,
  series_name: 'Discover',
  series_type: 'Course',
  context: 'lesson',
  context_label: 'Lesson 3: The Bible',
  decision_option_id: 5,
  decision_option_name: 'Baptism',
  date: '2026-03-07',
  created_at: '2026-03-08T09:00:00.000Z',
  ...overrides,
});

const product = (overrides: Partial<StudentProduct>): StudentProduct => ({
  id: 1,
  enrollment_id: 41,
  series_name: 'Revelation Seminar',
  product_id: 9,
  product_name: 'Study Bible',
  delivered_at: '2026-02-01',
  quantity: 2,
  price: '12.5',
  visitor_name: 'Vera Visitor',
  delivery_type: 'PO',
  ...overrides,
});

const note = (overrides: Partial<StudentNote>): StudentNote => ({
  id: 1,
  enrollment_id: 40,
  series_name: 'Discover',
  series_type: 'Course',
  context: 'lesson',
  context_label: 'Lesson 2: Prayer',
  type: 'PrayerRequest',
  text: 'Pray for my mother.\nShe is in hospital.',
  created_at: '2026-03-01T12:00:00.000Z',
  author: { id: 2, first_name: 'Sam', last_name: 'Admin' },
  ...overrides,
});

/** A student page with one tab, the way student-detail hands the student to its tabs. */
function renderTab(tab: 'decisions' | 'products' | 'notes') {
  const module = { decisions: decisionsRoute, products: productsRoute, notes: notesRoute }[tab];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/students/:studentId',
        element: <Outlet context={student} />,
        children: [{ path: tab, Component: module.Component }],
      },
    ],
    { initialEntries: [`/students/12/${tab}`] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client };
}

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

describe('student tabs (SPEC section 2)', () => {
  it('are overview, profile, courses, seminars, decisions, products, notes', () => {
    expect(pages.student.tabs.map((tab) => tab.path)).toEqual([
      'overview',
      'profile',
      'courses',
      'seminars',
      'decisions',
      'products',
      'notes',
    ]);
  });
});

describe('decisions tab', () => {
  it('shows DATE, DECISION, SERIES linked to the enrollment, RECORDED FOR', async () => {
    const api = mockApi({
      'GET /students/12/decisions': () =>
        jsonResponse({
          decisions: [
            decision({}),
            decision({
              id: 2,
              enrollment_id: 41,
              series_name: 'Revelation Seminar',
              series_type: 'Seminar',
              context: 'presentation',
              context_label: 'Presentation 1: The Lamb',
              decision_option_name: 'Accept Jesus as Saviour',
              date: '2026-01-20',
            }),
          ],
        }),
    });
    renderTab('decisions');
    await screen.findByText('Baptism');
    const table = screen.getByRole('table', { name: 'Decisions' });
    expect(headers(table)).toEqual(['DATE', 'DECISION', 'SERIES', 'RECORDED FOR']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('03/07/2026')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Baptism')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Lesson 3: The Bible')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Discover' })).toHaveAttribute(
      'href',
      '/students/12/courses/enrollments/40/lessons',
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Revelation Seminar' })).toHaveAttribute(
      'href',
      '/students/12/seminars/enrollments/41/presentations',
    );
    expect(api.callsTo('GET', '/students/12/decisions')).toHaveLength(1);
  });

  it("says 'No decisions recorded.' when there are none", async () => {
    mockApi({ 'GET /students/12/decisions': () => jsonResponse({ decisions: [] }) });
    renderTab('decisions');
    expect(await screen.findByText('No decisions recorded.')).toBeInTheDocument();
  });

  it("shows a record added elsewhere once ['students'] is invalidated (Quick Add)", async () => {
    let answer: StudentDecision[] = [];
    mockApi({ 'GET /students/12/decisions': () => jsonResponse({ decisions: answer }) });
    const { client } = renderTab('decisions');
    expect(await screen.findByText('No decisions recorded.')).toBeInTheDocument();
    answer = [decision({ decision_option_name: 'Sabbath' })];
    await client.invalidateQueries({ queryKey: ['students'] });
    expect(await screen.findByText('Sabbath')).toBeInTheDocument();
  });
});

describe('products tab', () => {
  it('shows DATE, PRODUCT, SERIES, QUANTITY, PRICE in dollars, DELIVERY and VISITOR', async () => {
    mockApi({
      'GET /students/12/products': () =>
        jsonResponse({
          product_deliveries: [
            product({}),
            product({
              id: 2,
              enrollment_id: 40,
              series_name: 'Discover',
              product_name: 'DVD set',
              price: '1250',
              quantity: 1,
              delivery_type: null,
              visitor_name: null,
            }),
          ],
        }),
    });
    renderTab('products');
    await screen.findByText('Study Bible');
    const table = screen.getByRole('table', { name: 'Products' });
    expect(headers(table)).toEqual(['DATE', 'PRODUCT', 'SERIES', 'QUANTITY', 'PRICE', 'DELIVERY', 'VISITOR']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['02/01/2026', 'Study Bible', 'Revelation Seminar', '2', '$12.50', 'Post Office', 'Vera Visitor']);
    expect(within(first as HTMLElement).getByRole('link', { name: 'Revelation Seminar' })).toHaveAttribute(
      'href',
      '/students/12/seminars/enrollments/41/presentations',
    );
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['02/01/2026', 'DVD set', 'Discover', '1', '$1,250.00', '-', '-']);
  });

  it("says 'No products delivered.' when there are none", async () => {
    mockApi({ 'GET /students/12/products': () => jsonResponse({ product_deliveries: [] }) });
    renderTab('products');
    expect(await screen.findByText('No products delivered.')).toBeInTheDocument();
  });
});

describe('notes tab', () => {
  it('shows each note as a card: type badge, text with its line breaks, context, series, author, date', async () => {
    mockApi({
      'GET /students/12/notes': () =>
        jsonResponse({
          notes: [
            note({}),
            note({
              id: 2,
              type: 'Note',
              text: 'Asked about baptism.',
              context: 'reminder',
              context_label: 'Reminder 03/07/2026',
              enrollment_id: 41,
              series_name: 'Revelation Seminar',
              series_type: 'Seminar',
              author: null,
              created_at: '2026-03-07T12:00:00.000Z',
            }),
          ],
        }),
    });
    renderTab('notes');
    const list = await screen.findByRole('list', { name: 'Notes' });
    const [first, second] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Prayer request')).toBeInTheDocument();
    const text = within(first as HTMLElement).getByText(/Pray for my mother/);
    expect(text.textContent).toBe('Pray for my mother.\nShe is in hospital.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(first as HTMLElement).getByText('Lesson 2: Prayer')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByRole('link', { name: 'Discover' })).toHaveAttribute(
      'href',
      '/students/12/courses/enrollments/40/lessons',
    );
    expect(within(first as HTMLElement).getByText(/Sam Admin/)).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('03/01/2026')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Note')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Reminder 03/07/2026')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('03/07/2026')).toBeInTheDocument();
  });

  it("says 'No notes.' when there are none", async () => {
    mockApi({ 'GET /students/12/notes': () => jsonResponse({ notes: [] }) });
    renderTab('notes');
    expect(await screen.findByText('No notes.')).toBeInTheDocument();
  });

  it('says Failed to load content when the list could not load', async () => {
    mockApi({ 'GET /students/12/notes': () => jsonResponse({ error: 'boom' }, 500) });
    renderTab('notes');
    expect(await screen.findByText('Failed to load content')).toBeInTheDocument();
  });
});
