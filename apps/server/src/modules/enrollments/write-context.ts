import type { EnrollmentStatus, EnrollmentUpdate, SeriesType } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { oneByOne, rows } from '../../lib/lists.ts';
import { type Scope, sqlIdList, visibleStudent } from '../../plugins/scope.ts';

/** The enrollment a write is about, with what its rules need to know. */
export type EnrollmentHead = {
  id: number;
  studentId: number;
  seriesId: number;
  seriesType: SeriesType;
  status: EnrollmentStatus;
  schoolId: number;
  conferenceId: number;
};

type HeadRow = {
  id: number;
  student_id: number;
  series_id: number;
  series_type: SeriesType;
  status: EnrollmentStatus;
  school_id: number;
  conference_id: number;
};

/**
 * Locks the enrollments the user may see (404 for the others, by their absence), so that two
 * saves of one enrollment run one after the other: the duplicate-lesson check then holds.
 */
export async function lockVisibleEnrollments(tx: DbOrTx, scope: Scope, ids: number[]): Promise<EnrollmentHead[]> {
  if (ids.length === 0) return [];
  const found = await rows<HeadRow>(
    tx.execute(sql`
      select e.id, e.student_id, e.series_id, se.type as series_type, e.status, s.school_id, sc.conference_id
      from enrollments e
        join students s on s.id = e.student_id
        join series se on se.id = e.series_id
        join schools sc on sc.id = s.school_id
      where e.id in ${sqlIdList(ids)} and ${visibleStudent(scope)}
      order by e.id
      for update of e`),
  );
  return found.map((row) => ({
    id: row.id,
    studentId: row.student_id,
    seriesId: row.series_id,
    seriesType: row.series_type,
    status: row.status,
    schoolId: row.school_id,
    conferenceId: row.conference_id,
  }));
}

export async function lockVisibleEnrollment(tx: DbOrTx, scope: Scope, id: number): Promise<EnrollmentHead | null> {
  const [head] = await lockVisibleEnrollments(tx, scope, [id]);
  return head ?? null;
}

export type ParentColumn = 'episode_delivery_id' | 'attendance_id' | 'visit_id' | 'reminder_id';
export type ParentRef = { column: ParentColumn; id: number };
type DeliveryState = {
  episodeId: number;
  dateSent: string | null;
  dateCompleted: string | null;
  gradingInstructorId: number | null;
};

/** What a nested write checks against: the series' catalogue and the enrollment's own rows. */
export type WriteContext = {
  tx: Tx;
  enrollment: EnrollmentHead;
  userId: number;
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
  changed: { deliveries: boolean; attendances: boolean };
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
export async function loadWriteContext(
  tx: Tx,
  enrollment: EnrollmentHead,
  userId: number,
  body: EnrollmentUpdate,
): Promise<WriteContext> {
  const [episodes, options, products, graderRows] = await loadCatalogue(tx, enrollment, graderIdsIn(body));
  const [deliveries, attendances, visits, reminders, productDeliveries, decisions, notes] = await loadOwnRows(
    tx,
    enrollment.id,
  );
  const context: WriteContext = {
    tx,
    enrollment,
    userId,
    episodeIds: new Set(episodes.map((row) => row.id)),
    decisionOptionIds: new Set(options.map((row) => row.id)),
    products: new Map(products.map((row) => [row.id, { defaultPrice: row.default_price, active: row.active }])),
    graderIds: new Set([userId, ...graderRows.map((row) => row.id)]),
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
    changed: { deliveries: false, attendances: false },
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
