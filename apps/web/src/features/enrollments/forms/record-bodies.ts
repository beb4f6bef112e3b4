import type {
  DecisionItem,
  EnrollmentDetail,
  EnrollmentUpdateInput,
  EpisodeDelivery,
  Visit,
} from '@srs/shared/enrollments';
import type {
  DecisionOutput,
  LessonOutput,
  NoteContextType,
  NoteOutput,
  ProductOutput,
  ReceivedOutput,
  ReminderOutput,
  VisitEditOutput,
  VisitOutput,
} from './form-schemas.ts';

/** The PUT /enrollments/{id} bodies of the record forms (SPEC section 7, nested attributes). */
type Note = { note_type: 'Note' | 'PrayerRequest' | null; note_text: string };

/** A note is sent only when both its type and its text are present (SPEC section 5). */
export function notesAttributes({ note_type, note_text }: Note) {
  const text = note_text.trim();
  return note_type && text !== '' ? [{ type: note_type, text }] : [];
}

const decisionsAttributes = (ids: readonly string[]) => ids.map((id) => ({ decision_option_id: Number(id) }));

/** Empty nested lists are left out of the body. */
function present<K extends string, T>(key: K, items: T[]): Partial<Record<K, T[]>> {
  return items.length > 0 ? ({ [key]: items } as Record<K, T[]>) : {};
}

export function lessonBody(values: LessonOutput): EnrollmentUpdateInput {
  return {
    episode_deliveries_attributes: [
      {
        episode_id: Number(values.episode_id),
        date_sent: values.date_sent,
        date_completed: values.date_completed,
        delivery_type: values.delivery_type,
      },
    ],
  };
}

export function visitBody(values: VisitOutput): EnrollmentUpdateInput {
  return {
    visits_attributes: [
      {
        date: values.date,
        ...present('decisions_attributes', decisionsAttributes(values.decision_option_ids)),
        ...present('notes_attributes', notesAttributes(values)),
      },
    ],
  };
}

export function reminderBody(values: ReminderOutput): EnrollmentUpdateInput {
  return { reminders_attributes: [{ date: values.date, ...present('notes_attributes', notesAttributes(values)) }] };
}

/** A blank price is sent as null: the server uses the offer's default price. */
export function productBody(values: ProductOutput): EnrollmentUpdateInput {
  return {
    product_deliveries_attributes: [
      {
        product_id: Number(values.product_id),
        delivered_at: values.delivered_at,
        quantity: values.quantity,
        price: values.price ?? null,
        visitor_name: values.visitor_name.trim() === '' ? null : values.visitor_name.trim(),
        delivery_type: values.delivery_type,
      },
    ],
  };
}

export type RecordRef = { type: NoteContextType; id: number };

/** 'lesson:12' → { type: 'lesson', id: 12 }: one select holds the kind of record and its id. */
export function parseRecordKey(key: string | null | undefined): RecordRef | null {
  const match = /^(lesson|presentation|reminder|visit):(\d+)$/.exec(key ?? '');
  return match ? { type: match[1] as NoteContextType, id: Number(match[2]) } : null;
}

export const recordKey = (type: NoteContextType, id: number) => `${type}:${id}`;

/** The decisions already recorded on a lesson, presentation (through its attendance) or visit. */
export function recordedDecisions(detail: EnrollmentDetail, ref: RecordRef | null): DecisionItem[] {
  if (!ref) return [];
  switch (ref.type) {
    case 'lesson':
      return detail.episode_deliveries.find((delivery) => delivery.id === ref.id)?.decisions ?? [];
    case 'presentation':
      return detail.attendances.find((attendance) => attendance.episode_id === ref.id)?.decisions ?? [];
    case 'visit':
      return detail.visits.find((visit) => visit.id === ref.id)?.decisions ?? [];
    case 'reminder':
      return [];
  }
}

type Nested = {
  decisions_attributes?: NonNullable<EnrollmentUpdateInput['visits_attributes']>[number]['decisions_attributes'];
  notes_attributes?: NonNullable<EnrollmentUpdateInput['visits_attributes']>[number]['notes_attributes'];
};

/** Nested decisions or notes on the chosen record; a presentation's attendance is made when missing. */
function onRecord(detail: EnrollmentDetail, ref: RecordRef, nested: Nested): EnrollmentUpdateInput {
  switch (ref.type) {
    case 'lesson':
      return { episode_deliveries_attributes: [{ id: ref.id, ...nested }] };
    case 'presentation': {
      const attendance = detail.attendances.find((item) => item.episode_id === ref.id);
      const row = attendance ? { id: attendance.id } : { episode_id: ref.id };
      return { attendances_attributes: [{ ...row, ...nested }] };
    }
    case 'visit':
      return { visits_attributes: [{ id: ref.id, ...nested }] };
    case 'reminder':
      return { reminders_attributes: [{ id: ref.id, notes_attributes: nested.notes_attributes }] };
  }
}

type DecisionChange = { decision_option_id: number } | { id: number; _destroy: true };

/**
 * SPEC section 4: the ticked options are kept (new ones created, recorded ones left alone); the
 * existing ones left unticked are sent with _destroy. Every form that ticks decisions writes them
 * through here.
 */
export function decisionChanges(
  existing: readonly Pick<DecisionItem, 'id' | 'decision_option_id'>[],
  tickedIds: readonly (string | number)[],
): DecisionChange[] {
  const ticked = new Set(tickedIds.map(Number));
  const recorded = new Set(existing.map((decision) => decision.decision_option_id));
  return [
    ...[...ticked].filter((id) => !recorded.has(id)).map((id) => ({ decision_option_id: id })),
    ...existing
      .filter((decision) => !ticked.has(decision.decision_option_id))
      .map((decision) => ({ id: decision.id, _destroy: true as const })),
  ];
}

export function decisionBody(values: DecisionOutput, detail: EnrollmentDetail): EnrollmentUpdateInput {
  const ref = parseRecordKey(values.record);
  if (!ref) throw new Error(`Unknown record ${values.record}`);
  const decisions = decisionChanges(recordedDecisions(detail, ref), values.decision_option_ids);
  return onRecord(detail, ref, { decisions_attributes: decisions });
}

/** A sent lesson recorded as received, with its decisions and an optional note, in one write. */
export function receivedBody(
  values: ReceivedOutput,
  delivery: Pick<EpisodeDelivery, 'id' | 'decisions'>,
): EnrollmentUpdateInput {
  return {
    episode_deliveries_attributes: [
      {
        id: delivery.id,
        date_completed: values.date_completed,
        ...present('decisions_attributes', decisionChanges(delivery.decisions, values.decision_option_ids)),
        ...present('notes_attributes', notesAttributes(values)),
      },
    ],
  };
}

/** A visit edited: its date, its decisions (unticked ones removed) and an optional new note. */
export function visitEditBody(values: VisitEditOutput, visit: Pick<Visit, 'id' | 'decisions'>): EnrollmentUpdateInput {
  return {
    visits_attributes: [
      {
        id: visit.id,
        date: values.date,
        ...present('decisions_attributes', decisionChanges(visit.decisions, values.decision_option_ids)),
        ...present('notes_attributes', notesAttributes(values)),
      },
    ],
  };
}

export function noteBody(values: NoteOutput, detail: EnrollmentDetail): EnrollmentUpdateInput {
  return onRecord(detail, { type: values.context_type, id: Number(values.record_id) }, {
    notes_attributes: [{ type: values.note_type, text: values.note_text }],
  });
}
