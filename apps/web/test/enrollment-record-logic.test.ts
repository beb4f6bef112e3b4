import type { EpisodeDelivery } from '@srs/shared/enrollments';
import { describe, expect, it } from 'vitest';
import { isReminderDue, reminderState } from '../src/features/enrollments/components/enrollment-format.ts';
import {
  deliveryDates,
  type LessonRow,
  lessonItems,
  lessonState,
} from '../src/features/enrollments/components/lesson-rows.ts';
import { receivedSchema, visitEditSchema } from '../src/features/enrollments/forms/form-schemas.ts';
import { decisionChanges, receivedBody, visitEditBody } from '../src/features/enrollments/forms/record-bodies.ts';

function delivery(overrides: Partial<EpisodeDelivery> = {}): EpisodeDelivery {
  return {
    id: 900,
    episode_id: 1,
    episode_name: 'The Bible',
    episode_position: 1,
    date_sent: '2024-03-04',
    date_completed: null,
    delivery_type: 'PO',
    grading_instructor_id: null,
    decisions: [],
    notes: [],
    ...overrides,
  };
}

const row = (position: number, state: 'unsent' | 'sent' | 'received'): LessonRow => ({
  episode: { id: position, position, name: `Lesson ${position}` },
  delivery:
    state === 'unsent' ? null : delivery({ id: 900 + position, date_completed: state === 'received' ? '2024-03-10' : null }),
});

describe('lessons on a phone', () => {
  it('a lesson is unsent, sent (out with the student) or received', () => {
    expect(lessonState(null)).toBe('unsent');
    expect(lessonState(delivery())).toBe('sent');
    expect(lessonState(delivery({ date_completed: '2024-03-10' }))).toBe('received');
    expect(lessonState(delivery({ date_sent: null, date_completed: '2024-03-10' }))).toBe('received');
  });

  it('groups the lessons not sent into runs: where each run starts and ends', () => {
    const items = lessonItems([
      row(1, 'received'),
      row(2, 'sent'),
      row(3, 'unsent'),
      row(4, 'unsent'),
      row(5, 'unsent'),
      row(6, 'received'),
      row(7, 'unsent'),
    ]);
    expect(items.map(({ state, first, last }) => [state, first, last])).toEqual([
      ['received', false, false],
      ['sent', false, false],
      ['unsent', true, false],
      ['unsent', false, false],
      ['unsent', false, true],
      ['received', false, false],
      ['unsent', true, true],
    ]);
  });

  it("says a card's dates in one line, and when a lesson has not come back yet", () => {
    expect(deliveryDates(delivery({ date_completed: '2024-03-18' }))).toBe('Sent 03/04/2024 · Received 03/18/2024');
    expect(deliveryDates(delivery())).toBe('Sent 03/04/2024 · Not received yet');
    expect(deliveryDates(delivery({ date_sent: null, date_completed: '2024-03-18' }))).toBe('Received 03/18/2024');
  });
});

describe('reminder states (DOMAIN.md, Follow-up)', () => {
  const today = '2024-03-10';
  const followedUpOn = (date: string | null) => ({ cached_latest_followup_date: date });

  it('overdue: its date has passed with no follow-up since', () => {
    expect(reminderState({ date: '2024-03-08' }, followedUpOn('2024-03-04'), today)).toBe('overdue');
    expect(reminderState({ date: '2024-03-08' }, followedUpOn(null), today)).toBe('overdue');
  });

  it('due today: it is today and nothing was done yet today', () => {
    expect(reminderState({ date: today }, followedUpOn('2024-03-09'), today)).toBe('due-today');
  });

  it('upcoming: its date is still to come, whatever was done before', () => {
    expect(reminderState({ date: '2024-03-11' }, followedUpOn('2024-03-10T09:00:00Z'), today)).toBe('upcoming');
  });

  it('followed up: a follow-up on or after its date', () => {
    expect(reminderState({ date: '2024-03-08' }, followedUpOn('2024-03-08'), today)).toBe('followed-up');
    expect(reminderState({ date: today }, followedUpOn('2024-03-10T15:30:00Z'), today)).toBe('followed-up');
  });

  it('overdue and due today are exactly the reminders that are due', () => {
    for (const date of ['2024-03-01', '2024-03-08', today, '2024-03-20']) {
      for (const latest of [null, '2024-03-05', today]) {
        const state = reminderState({ date }, followedUpOn(latest), today);
        expect(isReminderDue({ date }, followedUpOn(latest), today)).toBe(state === 'overdue' || state === 'due-today');
      }
    }
  });
});

describe('decisions ticked in a dialog (SPEC section 4)', () => {
  const recorded = [
    { id: 5, decision_option_id: 71, decision_option_name: 'Accept Jesus as Saviour' },
    { id: 6, decision_option_id: 72, decision_option_name: 'Baptism' },
  ];

  it('creates the newly ticked, leaves the ticked recorded ones alone, destroys the unticked', () => {
    expect(decisionChanges(recorded, ['72', '73'])).toEqual([{ decision_option_id: 73 }, { id: 5, _destroy: true }]);
    expect(decisionChanges(recorded, [71, 72])).toEqual([]);
    expect(decisionChanges([], [])).toEqual([]);
  });

  it("'Received': the received date, the decision changes and the note on the delivery, in one body", () => {
    const values = receivedSchema.parse({
      date_sent: '2024-03-01',
      date_completed: '2024-03-18',
      decision_option_ids: ['72', '73'],
      note_type: 'Note',
      note_text: '  Asked about baptism.  ',
    });
    expect(receivedBody(values, { id: 902, decisions: recorded })).toEqual({
      episode_deliveries_attributes: [
        {
          id: 902,
          date_completed: '2024-03-18',
          decisions_attributes: [{ decision_option_id: 73 }, { id: 5, _destroy: true }],
          notes_attributes: [{ type: 'Note', text: 'Asked about baptism.' }],
        },
      ],
    });
  });

  it("'Received' with nothing ticked or noted sends only the date", () => {
    const values = receivedSchema.parse({
      date_sent: '2024-03-01',
      date_completed: '2024-03-18',
      decision_option_ids: [],
      note_type: 'Note',
      note_text: ' ',
    });
    expect(receivedBody(values, { id: 902, decisions: [] })).toEqual({
      episode_deliveries_attributes: [{ id: 902, date_completed: '2024-03-18' }],
    });
  });

  it('an edited visit: its date, every decision unticked removed, a new note', () => {
    const values = visitEditSchema.parse({
      date: '2024-03-03',
      decision_option_ids: [],
      note_type: 'PrayerRequest',
      note_text: 'Pray for the children.',
    });
    expect(visitEditBody(values, { id: 301, decisions: recorded })).toEqual({
      visits_attributes: [
        {
          id: 301,
          date: '2024-03-03',
          decisions_attributes: [
            { id: 5, _destroy: true },
            { id: 6, _destroy: true },
          ],
          notes_attributes: [{ type: 'PrayerRequest', text: 'Pray for the children.' }],
        },
      ],
    });
  });

  it('the dialogs require their date and a note type once there is note text', () => {
    const issues = (input: unknown) =>
      visitEditSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ date: null, decision_option_ids: [], note_type: null, note_text: 'A note' })).toEqual([
      ['date', 'This field is required'],
      ['note_type', 'This field is required'],
    ]);
    const received = (input: Record<string, unknown>) =>
      receivedSchema
        .safeParse({ date_sent: '2024-03-10', decision_option_ids: [], note_type: null, note_text: '', ...input })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(received({ date_completed: '13/45/2024' })).toEqual([['date_completed', 'Date input not valid.']]);
    // A lesson comes back after it went out.
    expect(received({ date_completed: '2024-03-09' })).toEqual([
      ['date_completed', 'Received date must not be before the sent date'],
    ]);
    expect(received({ date_completed: '2024-03-10' })).toBeUndefined();
  });
});
