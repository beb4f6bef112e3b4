import type { EnrollmentUpdate } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import { oneByOne, rows } from '../../core/lists.ts';
import { sqlIdList } from '../../core/scope.ts';
import type { Tx } from '../../db/client.ts';
import type { EnrollmentHead, ParentColumn, RecordChanges } from './record-pipeline.ts';

export type ParentRef = { column: ParentColumn; id: number };
type DeliveryState = {
  episodeId: number;
  dateSent: string | null;
  dateCompleted: string | null;
  gradingInstructorId: number | null;
};

/**
 * One enrollment's nested write: the pipeline's writer (`RecordChanges`, which carries the
 * transaction and the actor) and what the writes check against, the series' catalogue and the
 * enrollment's own rows.
 */
export type RecordContext = RecordChanges & {
  enrollment: EnrollmentHead;
  episodeIds: Set<number>;
  decisionOptionIds: Set<number>;
  products: Map<number, { defaultPrice: string; active: boolean }>;
  /** Users who may grade this student's lessons: staff of the student's school or conference. */
  graderIds: Set<number>;
  deliveries: Map<number, DeliveryState>;
  attendances: Map<number, number>;
  visits: Set<number>;
  reminders: Set<number>;
  productDeliveries: Map<number, number>;
  decisions: Map<number, { parent: ParentRef; optionId: number }>;
  notes: Map<number, ParentRef>;
};

type ChildRow = {
  id: number;
  episode_delivery_id: number | null;
  attendance_id: number | null;
  visit_id: number | null;
  reminder_id?: number | null;
  decision_option_id?: number;
};

function parentOf(row: ChildRow): ParentRef | null {
  for (const column of ['episode_delivery_id', 'attendance_id', 'visit_id', 'reminder_id'] as const) {
    const id = row[column];
    if (id !== null && id !== undefined) return { column, id };
  }
  return null;
}

function graderIdsIn(body: EnrollmentUpdate): number[] {
  const ids = (body.episode_deliveries_attributes ?? []).map((item) => item.grading_instructor_id);
  return [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
}

type DeliveryRow = {
  id: number;
  episode_id: number;
  date_sent: string | null;
  date_completed: string | null;
  grading_instructor_id: number | null;
};

/** The series' lessons or presentations, decision options and products, and the allowed graders. */
function loadCatalogue(tx: Tx, enrollment: EnrollmentHead, graders: number[]) {
  const { seriesId } = enrollment;
  return oneByOne([
    () => rows<{ id: number }>(tx.execute(sql`select id from episodes where series_id = ${seriesId}`)),
    () => rows<{ id: number }>(tx.execute(sql`select id from decision_options where series_id = ${seriesId}`)),
    () => rows<{ id: number; default_price: string; active: boolean }>(
      tx.execute(sql`select po.id, po.default_price::text as default_price, po.active
        from series_products sp join product_offers po on po.id = sp.product_offer_id
        where sp.series_id = ${seriesId}`),
    ),
    () =>
      graders.length === 0
        ? Promise.resolve([])
        : rows<{ id: number }>(
            tx.execute(sql`select distinct r.user_id as id from roles r join users u on u.id = r.user_id
              where r.user_id in ${sqlIdList(graders)} and u.active
                and (r.school_id = ${enrollment.schoolId} or r.conference_id = ${enrollment.conferenceId}
                  or r.role_type = 'global_admin')`),
          ),
  ]);
}

/** The enrollment's own records, so that an id of another enrollment's record is refused. */
function loadOwnRows(tx: Tx, id: number) {
  return oneByOne([
    () => rows<DeliveryRow>(
      tx.execute(sql`select id, episode_id, date_sent::text as date_sent, date_completed::text as date_completed,
          grading_instructor_id
        from episode_deliveries where enrollment_id = ${id}`),
    ),
    () => rows<{ id: number; episode_id: number }>(
      tx.execute(sql`select id, episode_id from attendances where enrollment_id = ${id}`),
    ),
    () => rows<{ id: number }>(tx.execute(sql`select id from visits where enrollment_id = ${id}`)),
    () => rows<{ id: number }>(tx.execute(sql`select id from reminders where enrollment_id = ${id}`)),
    () => rows<{ id: number; product_offer_id: number }>(
      tx.execute(sql`select id, product_offer_id from product_deliveries where enrollment_id = ${id}`),
    ),
    () => rows<ChildRow>(
      tx.execute(sql`select id, decision_option_id, episode_delivery_id, attendance_id, visit_id
        from decisions where cached_enrollment_id = ${id}`),
    ),
    () => rows<ChildRow>(
      tx.execute(sql`select id, episode_delivery_id, attendance_id, visit_id, reminder_id
        from notes where cached_enrollment_id = ${id}`),
    ),
  ]);
}

/** Loads everything the nested writes check, one query per kind (never one per item). */
export async function loadRecordContext(
  changes: RecordChanges,
  enrollment: EnrollmentHead,
  body: EnrollmentUpdate,
): Promise<RecordContext> {
  const { tx, actor } = changes;
  const [episodes, options, products, graderRows] = await loadCatalogue(tx, enrollment, graderIdsIn(body));
  const [deliveries, attendances, visits, reminders, productDeliveries, decisions, notes] = await loadOwnRows(
    tx,
    enrollment.id,
  );
  const context: RecordContext = {
    ...changes,
    enrollment,
    episodeIds: new Set(episodes.map((row) => row.id)),
    decisionOptionIds: new Set(options.map((row) => row.id)),
    products: new Map(products.map((row) => [row.id, { defaultPrice: row.default_price, active: row.active }])),
    graderIds: new Set([actor.userId, ...graderRows.map((row) => row.id)]),
    deliveries: new Map(
      deliveries.map((row) => [
        row.id,
        {
          episodeId: row.episode_id,
          dateSent: row.date_sent,
          dateCompleted: row.date_completed,
          gradingInstructorId: row.grading_instructor_id,
        },
      ]),
    ),
    attendances: new Map(attendances.map((row) => [row.id, row.episode_id])),
    visits: new Set(visits.map((row) => row.id)),
    reminders: new Set(reminders.map((row) => row.id)),
    productDeliveries: new Map(productDeliveries.map((row) => [row.id, row.product_offer_id])),
    decisions: new Map(),
    notes: new Map(),
  };
  for (const row of decisions) {
    const parent = parentOf(row);
    if (parent) context.decisions.set(row.id, { parent, optionId: row.decision_option_id as number });
  }
  for (const row of notes) {
    const parent = parentOf(row);
    if (parent) context.notes.set(row.id, parent);
  }
  return context;
}
