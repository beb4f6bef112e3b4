// GET /enrollments/{id} as the app answers it (enrollment-detail.queries.ts): the head, then one
// query per kind of record, in parallel, grouped in memory.
import type { FastifyInstance } from 'fastify';
import { followupReason, needsFollowup, Params, type Pool, person, query } from './sql.ts';
import { summaryOf } from './students.ts';

type Row = Record<string, unknown> & { id: number };
type HeadRow = Parameters<typeof summaryOf>[0] & Record<string, unknown>;
type Parented = Row & {
  episode_delivery_id?: number | null;
  attendance_id?: number | null;
  visit_id?: number | null;
  reminder_id?: number | null;
};
type ParentKey = 'episode_delivery_id' | 'attendance_id' | 'visit_id' | 'reminder_id';

const recordQueries = [
  `select d.id, d.episode_id, ep.name as episode_name, ep.position as episode_position,
     d.date_sent::text as date_sent, d.date_completed::text as date_completed, d.delivery_type,
     d.grading_instructor_id
   from episode_deliveries d join episodes ep on ep.id = d.episode_id
   where d.enrollment_id = $1 order by ep.position, d.id`,
  `select a.id, a.episode_id, ep.name as episode_name, ep.position as episode_position
   from attendances a join episodes ep on ep.id = a.episode_id
   where a.enrollment_id = $1 order by ep.position, a.id`,
  `select v.id, v.date::text as date, u.id as person_id, u.first_name as person_first_name,
     u.last_name as person_last_name
   from visits v left join users u on u.id = v.visitor_id
   where v.enrollment_id = $1 order by v.date desc, v.id desc`,
  `select r.id, r.date::text as date from reminders r
   where r.enrollment_id = $1 order by r.date desc, r.id desc`,
  `select p.id, p.product_offer_id as product_id, po.name as product_name,
     p.delivered_at::text as delivered_at, p.quantity, p.price::text as price, p.visitor_name, p.delivery_type
   from product_deliveries p join product_offers po on po.id = p.product_offer_id
   where p.enrollment_id = $1 order by p.delivered_at desc, p.id desc`,
  `select d.id, d.decision_option_id, o.name as decision_option_name,
     d.episode_delivery_id, d.attendance_id, d.visit_id
   from decisions d join decision_options o on o.id = d.decision_option_id
   where d.cached_enrollment_id = $1 order by o.position, d.id`,
  `select n.id, n.type, n.text,
     to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
     n.episode_delivery_id, n.attendance_id, n.visit_id, n.reminder_id,
     u.id as person_id, u.first_name as person_first_name, u.last_name as person_last_name
   from notes n left join users u on u.id = n.author_id
   where n.cached_enrollment_id = $1 order by n.created_at, n.id`,
];

function children(items: Parented[], key: ParentKey, shape: (row: Parented) => unknown) {
  const groups = new Map<number, unknown[]>();
  for (const item of items) {
    const parent = item[key];
    if (parent !== null && parent !== undefined) groups.set(parent, [...(groups.get(parent) ?? []), shape(item)]);
  }
  return (id: number) => groups.get(id) ?? [];
}

const decision = (row: Parented) => ({
  id: row.id,
  decision_option_id: row.decision_option_id,
  decision_option_name: row.decision_option_name,
});
const note = (row: Parented) => ({
  id: row.id,
  type: row.type,
  text: row.text,
  created_at: row.created_at,
  author: person(
    row.person_id as number | null,
    row.person_first_name as string | null,
    row.person_last_name as string | null,
  ),
});

async function enrollmentDetail(pool: Pool, id: number) {
  const p = new Params();
  const idParam = p.add(id);
  const [head] = await query<HeadRow>(
    pool,
    `
    select e.id, e.series_id, se.name as series_name, se.type as series_type, e.registration_number,
      e.lesson_number, e.orphaned, e.status,
      e.last_sent_delivery_date::text as last_sent_delivery_date,
      e.cached_latest_followup_date::text as cached_latest_followup_date,
      e.cached_next_reminder_date::text as cached_next_reminder_date,
      e.started_on::text as started_on,
      coalesce(${needsFollowup(p)}, false) as needing_followup,
      ${followupReason(p)} as followup_reason,
      s.id as student_id, s.first_name as student_first_name, s.middle_name as student_middle_name,
      s.last_name as student_last_name, sc.id as school_id, sc.school_code, sc.church_name,
      i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name
    from enrollments e
      join students s on s.id = e.student_id
      join series se on se.id = e.series_id
      join schools sc on sc.id = s.school_id
      left join users i on i.id = s.instructor_id
    where e.id = ${idParam}`,
    p,
  );
  if (!head) return null;
  const [deliveries, attendances, visits, reminders, products, decisions, notes] = (await Promise.all(
    recordQueries.map((text) => query<Parented>(pool, text, [id])),
  )) as [Parented[], Parented[], Parented[], Parented[], Parented[], Parented[], Parented[]];
  const decisionsOf = (key: ParentKey) => children(decisions, key, decision);
  const notesOf = (key: ParentKey) => children(notes, key, note);
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
    ...summaryOf(head),
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
    instructor: person(
      head.instructor_id as number | null,
      head.instructor_first_name as string | null,
      head.instructor_last_name as string | null,
    ),
    episode_deliveries: deliveries.map((row) => ({
      ...row,
      decisions: deliveryDecisions(row.id),
      notes: deliveryNotes(row.id),
    })),
    attendances: attendances.map((row) => ({
      ...row,
      decisions: attendanceDecisions(row.id),
      notes: attendanceNotes(row.id),
    })),
    visits: visits.map((row) => ({
      id: row.id,
      date: row.date,
      visitor: person(
        row.person_id as number | null,
        row.person_first_name as string | null,
        row.person_last_name as string | null,
      ),
      decisions: visitDecisions(row.id),
      notes: visitNotes(row.id),
    })),
    reminders: reminders.map((row) => ({ ...row, notes: reminderNotes(row.id) })),
    product_deliveries: products,
  };
}

export function enrollmentRecordRoutes(app: FastifyInstance, pool: Pool) {
  app.get<{ Params: { id: string } }>('/api/enrollments/:id', async (request, reply) => {
    const found = await enrollmentDetail(pool, Number(request.params.id));
    return found ?? reply.code(404).send({ error: 'Enrollment not found' });
  });
}
