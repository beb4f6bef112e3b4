import type {
  Attendance,
  DecisionItem,
  EnrollmentDetail,
  EnrollmentSummary,
  EpisodeDelivery,
  NoteItem,
  ProductDelivery,
  Reminder,
  Visit,
} from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import type { Visible } from '../../core/records.ts';
import { type DbOrTx, prepared } from '../../db/client.ts';
import { needsFollowupSql } from './enrollment-caches.ts';
import { enrollmentSummaryJson } from './enrollment-summaries.ts';

type HeadRow = {
  /** The enrollment's summary, as the database writes it (parsed by the driver). */
  summary: EnrollmentSummary;
  cached_next_reminder_date: string | null;
  started_on: string;
  needing_followup: boolean;
  student_id: number;
  student_first_name: string;
  student_middle_name: string | null;
  student_last_name: string;
  school_id: number;
  school_code: string;
  church_name: string;
  instructor_id: number | null;
  instructor_first_name: string | null;
  instructor_last_name: string | null;
};

type EpisodeRow = { id: number; episode_id: number; episode_name: string; episode_position: number };
type DeliveryRow = EpisodeRow & Omit<EpisodeDelivery, keyof EpisodeRow | 'decisions' | 'notes'>;
type PersonColumns = { person_id: number | null; person_first_name: string | null; person_last_name: string | null };
type VisitRow = { id: number; date: string } & PersonColumns;
type Parents = {
  episode_delivery_id: number | null;
  attendance_id: number | null;
  visit_id: number | null;
  reminder_id?: number | null;
};
type DecisionRow = DecisionItem & Parents;
type NoteRow = Omit<NoteItem, 'author'> & Parents & PersonColumns;

const personOf = (row: PersonColumns) => personRef(row.person_id, row.person_first_name, row.person_last_name);

/** The enrollment's own row with its series, student, school and instructor. */
async function loadHead(db: DbOrTx, id: Visible<'enrollment'>, followupDays: number) {
  const [head] = await rows<HeadRow>(
    db.execute(prepared(sql`
      select ${enrollmentSummaryJson(followupDays)} as summary,
        e.cached_next_reminder_date::text as cached_next_reminder_date,
        e.started_on::text as started_on,
        coalesce(${needsFollowupSql(today(), followupDays)}, false) as needing_followup,
        s.id as student_id, s.first_name as student_first_name, s.middle_name as student_middle_name,
        s.last_name as student_last_name, sc.id as school_id, sc.school_code, sc.church_name,
        i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name
      from enrollments e
        join students s on s.id = e.student_id
        join series se on se.id = e.series_id
        join schools sc on sc.id = s.school_id
        left join users i on i.id = s.instructor_id
      where e.id = ${id}`)),
  );
  // Checked in this request: gone now means deleted by someone else in between.
  if (!head) throw notFound('Enrollment');
  return head;
}

/** Every record of the enrollment, one query per kind of record (never one per row). */
function loadRecords(db: DbOrTx, id: Visible<'enrollment'>) {
  return Promise.all([
    rows<DeliveryRow>(
      db.execute(prepared(sql`
        select d.id, d.episode_id, ep.name as episode_name, ep.position as episode_position,
          d.date_sent::text as date_sent, d.date_completed::text as date_completed, d.delivery_type,
          d.grading_instructor_id
        from episode_deliveries d join episodes ep on ep.id = d.episode_id
        where d.enrollment_id = ${id} order by ep.position, d.id`)),
    ),
    rows<EpisodeRow>(
      db.execute(prepared(sql`
        select a.id, a.episode_id, ep.name as episode_name, ep.position as episode_position
        from attendances a join episodes ep on ep.id = a.episode_id
        where a.enrollment_id = ${id} order by ep.position, a.id`)),
    ),
    rows<VisitRow>(
      db.execute(prepared(sql`
        select v.id, v.date::text as date, u.id as person_id, u.first_name as person_first_name,
          u.last_name as person_last_name
        from visits v left join users u on u.id = v.visitor_id
        where v.enrollment_id = ${id} order by v.date desc, v.id desc`)),
    ),
    rows<{ id: number; date: string }>(
      db.execute(prepared(sql`select r.id, r.date::text as date from reminders r
        where r.enrollment_id = ${id} order by r.date desc, r.id desc`)),
    ),
    rows<ProductDelivery>(
      db.execute(prepared(sql`
        select p.id, p.product_offer_id as product_id, po.name as product_name,
          p.delivered_at::text as delivered_at, p.quantity, p.price::text as price, p.visitor_name, p.delivery_type
        from product_deliveries p join product_offers po on po.id = p.product_offer_id
        where p.enrollment_id = ${id} order by p.delivered_at desc, p.id desc`)),
    ),
    rows<DecisionRow>(
      db.execute(prepared(sql`
        select d.id, d.decision_option_id, o.name as decision_option_name,
          d.episode_delivery_id, d.attendance_id, d.visit_id
        from decisions d join decision_options o on o.id = d.decision_option_id
        where d.cached_enrollment_id = ${id} order by o.position, d.id`)),
    ),
    rows<NoteRow>(
      db.execute(prepared(sql`
        select n.id, n.type, n.text,
          to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
          n.episode_delivery_id, n.attendance_id, n.visit_id, n.reminder_id,
          u.id as person_id, u.first_name as person_first_name, u.last_name as person_last_name
        from notes n left join users u on u.id = n.author_id
        where n.cached_enrollment_id = ${id} order by n.created_at, n.id`)),
    ),
  ]);
}

type ParentKey = 'episode_delivery_id' | 'attendance_id' | 'visit_id' | 'reminder_id';

function groupBy<T extends Parents>(items: T[], key: ParentKey): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const parent = item[key];
    if (parent === null || parent === undefined) continue;
    groups.set(parent, [...(groups.get(parent) ?? []), item]);
  }
  return groups;
}

const decisionItem = ({ id, decision_option_id, decision_option_name }: DecisionRow): DecisionItem => ({
  id,
  decision_option_id,
  decision_option_name,
});
const noteItem = (row: NoteRow): NoteItem => ({
  id: row.id,
  type: row.type,
  text: row.text,
  created_at: row.created_at,
  author: personOf(row),
});

/**
 * GET /enrollments/{id}: the enrollment whose scope check passed, with all its records; the route
 * adds the signed-in user's permissions.
 */
export async function findEnrollmentDetail(
  db: DbOrTx,
  id: Visible<'enrollment'>,
  followupDays: number,
): Promise<Omit<EnrollmentDetail, 'permissions'>> {
  const head = await loadHead(db, id, followupDays);
  const [deliveries, attendances, visits, reminders, products, decisions, notes] = await loadRecords(db, id);
  const decisionsOf = (key: ParentKey) => {
    const groups = groupBy(decisions, key);
    return (parent: number) => (groups.get(parent) ?? []).map(decisionItem);
  };
  const notesOf = (key: ParentKey) => {
    const groups = groupBy(notes, key);
    return (parent: number) => (groups.get(parent) ?? []).map(noteItem);
  };
  const [deliveryDecisions, attendanceDecisions, visitDecisions] = [
    decisionsOf('episode_delivery_id'),
    decisionsOf('attendance_id'),
    decisionsOf('visit_id'),
  ];
  const [deliveryNotes, attendanceNotes, visitNotes, reminderNotes] = [
    notesOf('episode_delivery_id'),
    notesOf('attendance_id'),
    notesOf('visit_id'),
    notesOf('reminder_id'),
  ];
  return {
    ...head.summary,
    cached_next_reminder_date: head.cached_next_reminder_date,
    started_on: head.started_on,
    needing_followup: head.needing_followup,
    student: {
      id: head.student_id,
      first_name: head.student_first_name,
      middle_name: head.student_middle_name,
      last_name: head.student_last_name,
    },
    school: { id: head.school_id, school_code: head.school_code, church_name: head.church_name },
    instructor: personRef(head.instructor_id, head.instructor_first_name, head.instructor_last_name),
    episode_deliveries: deliveries.map(
      (row): EpisodeDelivery => ({ ...row, decisions: deliveryDecisions(row.id), notes: deliveryNotes(row.id) }),
    ),
    attendances: attendances.map(
      (row): Attendance => ({ ...row, decisions: attendanceDecisions(row.id), notes: attendanceNotes(row.id) }),
    ),
    visits: visits.map(
      (row): Visit => ({
        id: row.id,
        date: row.date,
        visitor: personOf(row),
        decisions: visitDecisions(row.id),
        notes: visitNotes(row.id),
      }),
    ),
    reminders: reminders.map((row): Reminder => ({ ...row, notes: reminderNotes(row.id) })),
    product_deliveries: products,
  };
}
