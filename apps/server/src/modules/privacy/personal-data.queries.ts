import type { PersonRef } from '@srs/shared/common';
import type { PersonalData, PersonalDataEnrollment, PersonalDataNote, PersonalDataVersion } from '@srs/shared/privacy';
import type { VersionEvent } from '@srs/shared/versions';
import { type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { oneByOne, rows } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import type { Visible } from '../../core/records.ts';
import { anyId } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { studentScope, studentVersions } from './student-versions.ts';

/**
 * GET /students/{id}/personal_data (issue 12, docs/decisions/017): everything the product holds
 * about one student, a fixed number of queries whatever the number of records. Each record names
 * the people on it (an instructor, a visitor) as the product shows them: that is what the student
 * was told, and it is the staff's own work.
 */

type Row = Record<string, unknown>;
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const person = (alias: string) => sql.raw(`${alias}.id as ${alias}_id, ${alias}.first_name as ${alias}_first_name, ${alias}.last_name as ${alias}_last_name`);
const personOf = (row: Row, alias: string): PersonRef | null =>
  personRef(
    row[`${alias}_id`] === null || row[`${alias}_id`] === undefined ? null : Number(row[`${alias}_id`]),
    (row[`${alias}_first_name`] as string | null) ?? null,
    (row[`${alias}_last_name`] as string | null) ?? null,
  );
const num = (value: unknown) => Number(value);
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const episodeOf = (row: Row) => ({
  id: num(row.episode_id),
  position: num(row.episode_position),
  name: String(row.episode_name),
  date: (row.episode_date as string | null) ?? null,
});

async function studentRow(db: DbOrTx, id: number) {
  const [row] = await rows<Row>(
    db.execute(sql`select s.id, s.first_name, s.middle_name, s.last_name, s.address, s.address_2, s.city, s.state,
        s.country, s.zip_code, s.email, s.phone, s.social_media, s.include_in_mailing_list,
        ${iso('s.avery_label_printed_at')} as avery_label_printed_at, ${iso('s.created_at')} as created_at,
        ${iso('s.updated_at')} as updated_at, ${iso('s.erased_at')} as erased_at,
        sc.id as school_id, sc.school_code, sc.church_name, ${person('i')}, ${person('c')}
      from students s join schools sc on sc.id = s.school_id
        left join users i on i.id = s.instructor_id left join users c on c.id = s.created_by_id
      where s.id = ${id}`),
  );
  if (!row) throw notFound('Student');
  const { school_id, school_code, church_name, i_id, i_first_name, i_last_name, c_id, c_first_name, c_last_name, ...own } = row;
  return {
    ...(own as Omit<PersonalData['student'], 'school' | 'instructor' | 'created_by'>),
    id: num(own.id),
    school: { id: num(school_id), school_code: String(school_code), church_name: String(church_name) },
    instructor: personOf({ i_id, i_first_name, i_last_name }, 'i'),
    created_by: personOf({ c_id, c_first_name, c_last_name }, 'c'),
  };
}

const noteContext = sql`case when n.episode_delivery_id is not null then 'lesson'
  when n.attendance_id is not null then 'presentation' when n.visit_id is not null then 'visit'
  when n.reminder_id is not null then 'reminder' else 'student' end`;

/** Each query of the student's records, the enrollments' ids given. */
const recordQueries = (studentId: number, enrollmentIds: number[]) => {
  const ofEnrollments = anyId(enrollmentIds);
  const query = (text: SQL) => (db: DbOrTx) => rows<Row>(db.execute(text));
  return {
    lessons: query(sql`select d.id, d.enrollment_id, d.date_sent::text as date_sent, d.date_completed::text as date_completed,
        d.delivery_type, ${iso('d.created_at')} as created_at, ep.id as episode_id, ep.position as episode_position,
        ep.name as episode_name, ep.date::text as episode_date, ${person('g')}
      from episode_deliveries d join episodes ep on ep.id = d.episode_id left join users g on g.id = d.grading_instructor_id
      where d.enrollment_id = ${ofEnrollments} order by ep.position, d.id`),
    attendances: query(sql`select a.id, a.enrollment_id, ${iso('a.created_at')} as created_at, ep.id as episode_id,
        ep.position as episode_position, ep.name as episode_name, ep.date::text as episode_date
      from attendances a join episodes ep on ep.id = a.episode_id
      where a.enrollment_id = ${ofEnrollments} order by ep.position, a.id`),
    visits: query(sql`select vi.id, vi.enrollment_id, vi.date::text as date, ${iso('vi.created_at')} as created_at, ${person('p')}
      from visits vi left join users p on p.id = vi.visitor_id
      where vi.enrollment_id = ${ofEnrollments} order by vi.date, vi.id`),
    reminders: query(sql`select r.id, r.enrollment_id, r.date::text as date, ${iso('r.created_at')} as created_at, ${person('p')}
      from reminders r left join users p on p.id = r.created_by_id
      where r.enrollment_id = ${ofEnrollments} order by r.date, r.id`),
    decisions: query(sql`select d.id, d.cached_enrollment_id as enrollment_id, o.id as option_id, o.name as option_name,
        case when d.episode_delivery_id is not null then 'lesson' when d.attendance_id is not null then 'presentation'
          else 'visit' end as context,
        coalesce(d.episode_delivery_id, d.attendance_id, d.visit_id) as context_id, ${iso('d.created_at')} as created_at
      from decisions d join decision_options o on o.id = d.decision_option_id
      where d.cached_enrollment_id = ${ofEnrollments} order by d.created_at, d.id`),
    products: query(sql`select pd.id, pd.enrollment_id, po.id as product_id, po.name as product_name,
        pd.delivered_at::text as delivered_at, pd.quantity, pd.price::text as price, pd.visitor_name, pd.delivery_type
      from product_deliveries pd join product_offers po on po.id = pd.product_offer_id
      where pd.enrollment_id = ${ofEnrollments} order by pd.delivered_at, pd.id`),
    notes: query(sql`select n.id, n.type, n.text, n.cached_enrollment_id as enrollment_id, ${noteContext} as context,
        coalesce(n.episode_delivery_id, n.attendance_id, n.visit_id, n.reminder_id) as context_id,
        ${iso('n.created_at')} as created_at, ${iso('n.updated_at')} as updated_at, ${person('au')}
      from notes n left join users au on au.id = n.author_id
      where n.student_id = ${studentId} order by n.created_at, n.id`),
    shares: query(sql`select ${iso('ss.created_at')} as created_at, ${person('u')}, ${person('b')}
      from student_shares ss join users u on u.id = ss.user_id left join users b on b.id = ss.shared_by_id
      where ss.student_id = ${studentId} order by ss.created_at, u.id`),
    // Interest tracking's own columns, as stored: the product's copy of what the person sent.
    interests: query(sql`select to_jsonb(i) as row from interests i where i.student_id = ${studentId} order by i.id`),
    notices: query(sql`select m.id, m.kind, m.to, m.subject, m.text, m.status, ${iso('m.created_at')} as created_at,
        ${iso('m.sent_at')} as sent_at
      from mail_outbox m where m.text ~ ${`/students/${studentId}(\\D|$)`} order by m.id`),
  };
};

const byEnrollment = (list: Row[]) => {
  const map = new Map<number, Row[]>();
  for (const row of list) {
    const key = num(row.enrollment_id);
    map.set(key, [...(map.get(key) ?? []), row]);
  }
  return (id: number) => map.get(id) ?? [];
};

function noteOf(row: Row): PersonalDataNote {
  return {
    id: num(row.id),
    type: row.type as PersonalDataNote['type'],
    text: String(row.text),
    context: row.context as PersonalDataNote['context'],
    context_id: numOrNull(row.context_id),
    author: personOf(row, 'au'),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

export async function personalData(db: DbOrTx, id: Visible<'student'>, exportedBy: PersonRef): Promise<PersonalData> {
  const student = await studentRow(db, id);
  const scope = await studentScope(db, id, student.school.id);
  const enrollments = await rows<Row>(
    db.execute(sql`select e.id, e.registration_number::text as registration_number, e.status, e.orphaned,
        e.started_on::text as started_on, e.lesson_number, ${iso('e.created_at')} as created_at,
        se.id as series_id, se.name as series_name, se.type as series_type
      from enrollments e join series se on se.id = e.series_id
      where e.student_id = ${id} order by e.started_on, e.id`),
  );
  const queries = recordQueries(id, enrollments.map((row) => num(row.id)));
  // One connection: one query at a time (core/lists.ts).
  const [lessons, attendances, visits, reminders, decisions, products, notes, shares, interests, notices, versions] =
    await oneByOne([
      () => queries.lessons(db),
      () => queries.attendances(db),
      () => queries.visits(db),
      () => queries.reminders(db),
      () => queries.decisions(db),
      () => queries.products(db),
      () => queries.notes(db),
      () => queries.shares(db),
      () => queries.interests(db),
      () => queries.notices(db),
      () => studentVersions(db, scope),
    ] as const);
  const of = {
    lessons: byEnrollment(lessons),
    attendances: byEnrollment(attendances),
    visits: byEnrollment(visits),
    reminders: byEnrollment(reminders),
    decisions: byEnrollment(decisions),
    products: byEnrollment(products),
    notes: byEnrollment(notes.filter((row) => row.enrollment_id !== null)),
  };
  return {
    exported_at: new Date().toISOString(),
    exported_by: exportedBy,
    student,
    shares: shares.map((row) => ({
      user: personOf(row, 'u') as PersonRef,
      shared_by: personOf(row, 'b'),
      created_at: String(row.created_at),
    })),
    enrollments: enrollments.map((row): PersonalDataEnrollment => {
      const enrollmentId = num(row.id);
      return {
        id: enrollmentId,
        registration_number: String(row.registration_number),
        series: { id: num(row.series_id), name: String(row.series_name), type: row.series_type as 'Course' | 'Seminar' },
        status: row.status as PersonalDataEnrollment['status'],
        orphaned: Boolean(row.orphaned),
        started_on: String(row.started_on),
        lesson_number: num(row.lesson_number),
        created_at: String(row.created_at),
        lesson_deliveries: of.lessons(enrollmentId).map((d) => ({
          id: num(d.id),
          episode: episodeOf(d),
          date_sent: (d.date_sent as string | null) ?? null,
          date_completed: (d.date_completed as string | null) ?? null,
          delivery_type: (d.delivery_type as 'PO' | 'PD' | 'IH' | null) ?? null,
          grading_instructor: personOf(d, 'g'),
          created_at: String(d.created_at),
        })),
        attendances: of.attendances(enrollmentId).map((a) => ({ id: num(a.id), episode: episodeOf(a), created_at: String(a.created_at) })),
        visits: of.visits(enrollmentId).map((v) => ({
          id: num(v.id),
          date: String(v.date),
          visitor: personOf(v, 'p'),
          created_at: String(v.created_at),
        })),
        reminders: of.reminders(enrollmentId).map((r) => ({
          id: num(r.id),
          date: String(r.date),
          created_by: personOf(r, 'p'),
          created_at: String(r.created_at),
        })),
        decisions: of.decisions(enrollmentId).map((d) => ({
          id: num(d.id),
          decision_option: { id: num(d.option_id), name: String(d.option_name) },
          context: d.context as 'lesson' | 'presentation' | 'visit',
          context_id: num(d.context_id),
          created_at: String(d.created_at),
        })),
        product_deliveries: of.products(enrollmentId).map((p) => ({
          id: num(p.id),
          product: { id: num(p.product_id), name: String(p.product_name) },
          delivered_at: String(p.delivered_at),
          quantity: num(p.quantity),
          price: String(p.price),
          visitor_name: (p.visitor_name as string | null) ?? null,
          delivery_type: (p.delivery_type as 'PO' | 'PD' | 'IH' | null) ?? null,
        })),
        notes: of.notes(enrollmentId).map(noteOf),
      };
    }),
    notes: notes.filter((row) => row.enrollment_id === null).map(noteOf),
    interests: interests.map((row) => row.row as Row),
    notices: notices.map((row) => ({
      id: num(row.id),
      kind: String(row.kind),
      to: String(row.to),
      subject: String(row.subject),
      text: String(row.text),
      status: String(row.status),
      created_at: String(row.created_at),
      sent_at: (row.sent_at as string | null) ?? null,
    })),
    versions: versions.map(
      (version): PersonalDataVersion => ({
        id: version.id,
        item_type: version.item_type,
        item_id: version.item_id,
        event: version.event as VersionEvent,
        user: personRef(version.whodunnit, version.user_first_name, version.user_last_name),
        created_at: version.created_at,
        object: version.object,
        object_changes: version.object_changes,
      }),
    ),
  };
}
