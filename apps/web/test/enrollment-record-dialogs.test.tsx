import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../src/lib/dates.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import {
  courseEnrollment,
  enrollmentApi,
  loaded,
  renderEnrollmentPage,
  setUpEnrollmentPages,
} from './enrollment-support.tsx';
import { mediaQueryList, phoneScreen } from './media-query.ts';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/features/enrollments/forms/record-form-modal.tsx', () => import('./record-form-modal-stub.tsx'));

setUpEnrollmentPages();
// The phone layout's matchMedia answer must not outlive its test (the setup's stub is a mock itself).
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(window.matchMedia).mockImplementation((query: string) => mediaQueryList(query, false));
});

const course = '/students/12/courses/enrollments/41';
const decisionOptions = {
  decision_options: [
    { id: 71, name: 'Accept Jesus as Saviour', position: 1 },
    { id: 72, name: 'Baptism', position: 2 },
  ],
};

/** Lesson 2 (delivery 902) is out with the student, with one decision already recorded on it. */
function withSentLessonDecision(): EnrollmentDetail {
  const enrollment = courseEnrollment();
  const [prayer, bible] = enrollment.episode_deliveries as [EnrollmentDetail['episode_deliveries'][number], EnrollmentDetail['episode_deliveries'][number]];
  return {
    ...enrollment,
    episode_deliveries: [
      { ...prayer, decisions: [{ id: 5, decision_option_id: 71, decision_option_name: 'Accept Jesus as Saviour' }] },
      bible,
    ],
  };
}

const unprocessable = () =>
  new Response(JSON.stringify({ date_completed: ['is not valid'] }), {
    status: 422,
    headers: { 'content-type': 'application/json' },
  });

const field = (dialog: HTMLElement, name: string) =>
  (within(dialog).queryByRole('combobox', { name }) ?? within(dialog).getByLabelText(name)) as HTMLInputElement;

async function chooseIn(dialog: HTMLElement, name: string, option: string) {
  const user = userEvent.setup();
  await user.click(field(dialog, name));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openReceived(name = 'Received lesson 2. Prayer') {
  await userEvent.click(await screen.findByRole('button', { name }, loaded));
  return screen.findByRole('dialog', { name: 'Lesson 2. Prayer received' });
}

describe("'Received': a lesson sent, recorded received with its decisions and a note in one dialog", () => {
  it('starts from today and the decisions already recorded; one PUT keeps, adds, removes and notes', async () => {
    const api = enrollmentApi(withSentLessonDecision(), {
      'GET /series/5/decision_options': () => decisionOptions,
      'PUT /enrollments/41': () => courseEnrollment(),
    });
    renderEnrollmentPage(`${course}/lessons`);
    const dialog = await openReceived();
    const user = userEvent.setup();
    expect(dialog).toHaveTextContent('Sent 03/04/2024 · Personal Delivery');
    expect(within(dialog).getByLabelText(/Received date/)).toHaveValue(formatDate(todayIso()));
    const accept = await within(dialog).findByRole('checkbox', { name: 'Accept Jesus as Saviour' });
    expect(accept).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Baptism' })).not.toBeChecked();

    await user.click(accept);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Baptism' }));
    await chooseIn(dialog, 'Note type', 'Prayer request');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Pray for her son.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/enrollments/41',
        body: {
          episode_deliveries_attributes: [
            {
              id: 902,
              date_completed: todayIso(),
              decisions_attributes: [{ decision_option_id: 72 }, { id: 5, _destroy: true }],
              notes_attributes: [{ type: 'PrayerRequest', text: 'Pray for her son.' }],
            },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the date is required; a note typed without its type asks for the type; nothing is sent', async () => {
    const api = enrollmentApi(courseEnrollment(), { 'GET /series/5/decision_options': () => decisionOptions });
    renderEnrollmentPage(`${course}/lessons`);
    const dialog = await openReceived();
    const user = userEvent.setup();
    await user.clear(within(dialog).getByLabelText(/Received date/));
    // The note type starts at Note; choosing it again takes it away.
    await chooseIn(dialog, 'Note type', 'Note');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Loved this lesson.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(messages.fieldRequired)).toHaveLength(2);
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Received date/), '13/45/2024');
    await user.tab();
    expect(await within(dialog).findByText(messages.dateInvalid)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('a failed save keeps the dialog open with what was ticked and typed', async () => {
    enrollmentApi(courseEnrollment(), {
      'GET /series/5/decision_options': () => decisionOptions,
      'PUT /enrollments/41': unprocessable,
    });
    renderEnrollmentPage(`${course}/lessons`);
    const dialog = await openReceived();
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Baptism' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Asked about baptism.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(showSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Lesson 2. Prayer received' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Baptism' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Asked about baptism.');
  });

  it("on a phone the lesson's card offers Received, which opens the same dialog", async () => {
    phoneScreen();
    const api = enrollmentApi(courseEnrollment(), {
      'GET /series/5/decision_options': () => decisionOptions,
      'PUT /enrollments/41': () => courseEnrollment(),
    });
    renderEnrollmentPage(`${course}/lessons`);
    const card = await screen.findByRole('listitem', { name: 'Lesson 2. Prayer' }, loaded);
    await userEvent.click(within(card).getByRole('button', { name: 'Received lesson 2. Prayer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lesson 2. Prayer received' });
    // The phone's own date input holds YYYY-MM-DD.
    expect(within(dialog).getByLabelText(/Received date/)).toHaveValue(todayIso());
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Baptism' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      episode_deliveries_attributes: [
        { id: 902, date_completed: todayIso(), decisions_attributes: [{ decision_option_id: 72 }] },
      ],
    });
  });
});

describe('Edit a visit', () => {
  it('shows its notes whole; saves its date, its decisions (unticked removed) and a new note in one PUT', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'GET /series/5/decision_options': () => decisionOptions,
      'PUT /enrollments/41': () => courseEnrollment(),
    });
    renderEnrollmentPage(`${course}/visits`);
    const table = await screen.findByRole('table', { name: 'Visits' }, loaded);
    await userEvent.click(within(table).getByRole('button', { name: 'Edit visit of 03/02/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of 03/02/2024' });
    const user = userEvent.setup();
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue('03/02/2024');
    expect(within(within(dialog).getByRole('list', { name: 'Notes of the visit of 03/02/2024' })).getByText('Met the family.')).toBeInTheDocument();
    const baptism = await within(dialog).findByRole('checkbox', { name: 'Baptism' });
    expect(baptism).toBeChecked();
    await user.click(baptism);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Accept Jesus as Saviour' }));
    await user.clear(within(dialog).getByLabelText(/Date/));
    await user.type(within(dialog).getByLabelText(/Date/), '03/03/2024');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Back with the children.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/enrollments/41',
        body: {
          visits_attributes: [
            {
              id: 301,
              date: '2024-03-03',
              decisions_attributes: [{ decision_option_id: 71 }, { id: 2, _destroy: true }],
              notes_attributes: [{ type: 'Note', text: 'Back with the children.' }],
            },
          ],
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('requires the date and keeps the dialog when the save fails', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'GET /series/5/decision_options': () => decisionOptions,
      'PUT /enrollments/41': unprocessable,
    });
    renderEnrollmentPage(`${course}/visits`);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit visit of 03/02/2024' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Visit of 03/02/2024' });
    const user = userEvent.setup();
    await user.clear(within(dialog).getByLabelText(/Date/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.fieldRequired)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Date/), '03/05/2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(showSuccess).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(/Date/)).toHaveValue('03/05/2024');
  });

  it('on a phone the notes of a visit show whole, not cut to one line', async () => {
    phoneScreen();
    const long = 'Met the whole family on the porch; they asked about the Sabbath and want to come next week.';
    const enrollment = courseEnrollment();
    const [visit] = enrollment.visits as [EnrollmentDetail['visits'][number]];
    enrollmentApi({ ...enrollment, visits: [{ ...visit, notes: [{ ...visit.notes[0]!, text: long }] }] });
    renderEnrollmentPage(`${course}/visits`);
    const note = await screen.findByText(`Note: ${long}`, undefined, loaded);
    expect(note).not.toHaveAttribute('title');
    expect(note).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(note).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });
});
