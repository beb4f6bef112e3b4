import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showWaiting, type WaitingWrite } from '../src/lib/offline/waiting-store.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import {
  courseEnrollment,
  enrollmentApi,
  loaded,
  renderEnrollmentPage,
  setUpEnrollmentPages,
} from './enrollment-support.tsx';
import { phoneScreen } from './media-query.ts';
import { openedForm } from './record-form-modal-stub.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/features/enrollments/forms/record-form-modal.tsx', () => import('./record-form-modal-stub.tsx'));

setUpEnrollmentPages();
// The phone layout's matchMedia spy must not outlive its test.
afterEach(() => vi.restoreAllMocks());

const course = '/students/12/courses/enrollments/41';

async function lessonRow(name: string) {
  const table = await screen.findByRole('table', { name: 'Lessons' }, loaded);
  const row = (await within(table).findByText(name)).closest('tr');
  if (!row) throw new Error(`no row ${name}`);
  return row;
}

describe('lessons tab', () => {
  it('lists every lesson in order: a delivered one with its dates, type and counts, an unsent one with Send', async () => {
    enrollmentApi(courseEnrollment());
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/lessons`);
    const table = await screen.findByRole('table', { name: 'Lessons' }, loaded);
    await within(table).findByText('1. The Bible');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '1. The Bible',
      '2. Prayer',
      '3. Salvation',
    ]);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[0] as HTMLElement)).toEqual(['1. The Bible', '02/01/2024', '02/20/2024', 'Post Office', '1', '2', 'EditRemove']);
    // A lesson out with the student offers Received besides Edit and Remove.
    expect(cells(rows[1] as HTMLElement)).toEqual(['2. Prayer', '03/04/2024', '-', 'Personal Delivery', '0', '1', 'ReceivedEditRemove']);
    expect(cells(rows[2] as HTMLElement)).toEqual(['3. Salvation', '-', '-', '-', '-', '-', 'Send']);
    // A lesson's notes are read on the questions tab: the count leads there.
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '2 notes of lesson 1. The Bible' })).toHaveAttribute(
      'href',
      `${course}/questions`,
    );

    await user.click(within(rows[2] as HTMLElement).getByRole('button', { name: 'Send lesson 3. Salvation' }));
    // The row's lesson is preselected in the form, as the decisions tab's row action does.
    expect(await openedForm()).toEqual({ kind: 'lesson', studentId: 12, enrollmentId: 41, episodeId: 53 });
  });

  it('a lesson whose sending or return waits on the phone offers neither again: it says it is waiting (issue 30)', async () => {
    enrollmentApi(courseEnrollment());
    const waiting = (key: string, item: Record<string, unknown>) =>
      ({
        key,
        what: { kind: 'lessonReceived', enrollmentId: 41 },
        path: '/enrollments/41',
        body: { episode_deliveries_attributes: [item] },
        state: 'waiting',
      }) as unknown as WaitingWrite;
    showWaiting([
      waiting('a', { id: 902, date_completed: '2024-03-18', decisions_attributes: [] }),
      waiting('b', { episode_id: 53, date_sent: '2024-03-20', delivery_type: 'PO' }),
      // Another enrollment's write of the same ids changes nothing here.
      { ...waiting('c', { id: 901, date_completed: '2024-03-18' }), what: { kind: 'lessonReceived', enrollmentId: 7 } } as WaitingWrite,
    ]);
    try {
      renderEnrollmentPage(`${course}/lessons`);
      const cells = async (name: string) => within(await lessonRow(name)).getAllByRole('cell').map((cell) => cell.textContent);
      expect((await cells('2. Prayer')).at(-1)).toBe('Waiting to be sentEditRemove');
      expect((await cells('3. Salvation')).at(-1)).toBe('Waiting to be sent');
      expect((await cells('1. The Bible')).at(-1)).toBe('EditRemove');
      expect(screen.queryByRole('button', { name: 'Received lesson 2. Prayer' })).toBeNull();
    } finally {
      showWaiting([]);
    }
  });

  it('Edit saves the dates and type of the delivery; a last lesson received graduates the badge', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'PUT /enrollments/41': () => courseEnrollment({ status: 'Graduated' }),
    });
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/lessons`);
    await user.click(within(await lessonRow('2. Prayer')).getByRole('button', { name: 'Edit lesson 2. Prayer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lesson 2. Prayer' });
    const received = within(dialog).getByLabelText('Received date');
    expect(within(dialog).getByLabelText('Sent date')).toHaveValue('03/04/2024');
    await user.type(received, '03/18/2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/enrollments/41',
        body: {
          episode_deliveries_attributes: [
            { id: 902, date_sent: '2024-03-04', date_completed: '2024-03-18', delivery_type: 'PD' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Graduated').closest('[data-status-colour]')).toHaveAttribute('data-status-colour', 'green');
  });

  it("refuses to save a delivery without dates: 'Sent or Received date is required'", async () => {
    const api = enrollmentApi(courseEnrollment());
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/lessons`);
    await user.click(within(await lessonRow('2. Prayer')).getByRole('button', { name: 'Edit lesson 2. Prayer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lesson 2. Prayer' });
    await user.clear(within(dialog).getByLabelText('Sent date'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.sentOrReceivedRequired)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('a failed save keeps what the user typed', async () => {
    enrollmentApi(courseEnrollment(), {
      'PUT /enrollments/41': () =>
        new Response(JSON.stringify({ date_completed: ['is not valid'] }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/lessons`);
    await user.click(within(await lessonRow('2. Prayer')).getByRole('button', { name: 'Edit lesson 2. Prayer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lesson 2. Prayer' });
    await user.type(within(dialog).getByLabelText('Received date'), '03/18/2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(showSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Lesson 2. Prayer' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Received date')).toHaveValue('03/18/2024');
  });

  it('Remove asks first, then sends the delivery with _destroy', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'PUT /enrollments/41': () => courseEnrollment({ episode_deliveries: courseEnrollment().episode_deliveries.slice(1) }),
    });
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/lessons`);
    await user.click(within(await lessonRow('2. Prayer')).getByRole('button', { name: 'Remove lesson 2. Prayer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove lesson 2. Prayer' });
    expect(dialog).toHaveTextContent('decisions and notes recorded on it');
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.writes()).toEqual([
      { method: 'PUT', path: '/enrollments/41', body: { episode_deliveries_attributes: [{ id: 902, _destroy: true }] } },
    ]);
    expect(await within(await lessonRow('2. Prayer')).findByRole('button', { name: 'Send lesson 2. Prayer' })).toBeInTheDocument();
  });

  it('on a phone a lesson not sent is one line with Send; one sent or received is a compact card', async () => {
    phoneScreen();
    enrollmentApi(courseEnrollment());
    const user = userEvent.setup();
    renderEnrollmentPage(`${course}/lessons`);
    const list = await screen.findByRole('list', { name: 'Lessons' }, loaded);
    expect(screen.queryByRole('table', { name: 'Lessons' })).toBeNull();
    // The lessons, not the notes listed inside a lesson's card.
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Lesson 1. The Bible',
      'Lesson 2. Prayer',
      'Lesson 3. Salvation',
    ]);
    const [received, sent, unsent] = items as [HTMLElement, HTMLElement, HTMLElement];

    // Not sent: its name and Send, nothing else (no dashes of empty dates and counts).
    expect(unsent).toHaveTextContent(/^3\. SalvationSend$/);
    expect(within(unsent).getAllByRole('button')).toHaveLength(1);
    expect(unsent).toHaveAttribute('data-first');
    expect(unsent).toHaveAttribute('data-last');

    // Received: name, type, dates, its decision named whole, its notes whole; Edit and Remove.
    expect(within(received).getByText('Post Office')).toBeInTheDocument();
    expect(within(received).getByText('Sent 02/01/2024 · Received 02/20/2024')).toBeInTheDocument();
    expect(within(received).getByText('Accept Jesus as Saviour')).toBeInTheDocument();
    const notes = within(received).getByRole('list', { name: 'Notes of lesson 1. The Bible' });
    expect(within(notes).getByText('Who wrote the Bible?')).toBeInTheDocument();
    expect(within(notes).getByText(/Pray for my mother/)).toBeInTheDocument();
    expect(within(received).getByRole('button', { name: 'Edit lesson 1. The Bible' })).toHaveTextContent('');
    expect(within(received).getByRole('button', { name: 'Remove lesson 1. The Bible' })).toBeInTheDocument();
    expect(within(received).queryByRole('button', { name: /^Received/ })).toBeNull();

    // Sent and not back yet: it says so and offers Received, in words.
    expect(within(sent).getByText('Sent 03/04/2024 · Not received yet')).toBeInTheDocument();
    expect(within(sent).getByText('How often should I pray?')).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Received lesson 2. Prayer' })).toHaveTextContent('Received');

    await user.click(within(unsent).getByRole('button', { name: 'Send lesson 3. Salvation' }));
    expect(await openedForm()).toEqual({ kind: 'lesson', studentId: 12, enrollmentId: 41, episodeId: 53 });
  });
});
