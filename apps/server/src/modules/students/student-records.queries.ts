import { formatDate } from '@srs/shared/dates';
import type { RecordContext, StudentDecision, StudentNote, StudentProduct } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import type { Visible } from '../../core/records.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The records of one student across their enrollments (the decisions, notes and products tabs):
 * one query each, the context of every record joined in, newest first. The student's id is
 * one that passed its scope check.
 */

type ContextFacts = {
  context: RecordContext;
  episode_position: number | null;
  episode_name: string | null;
  context_date: string | null;
};

const isoTimestamp = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** 'Lesson 3: The Bible', 'Presentation 2: Hope', 'Visit 03/07/2026', 'Reminder 03/07/2026'. */
function contextLabel(facts: ContextFacts): string {
  switch (facts.context) {
    case 'lesson':
      return `Lesson ${facts.episode_position}: ${facts.episode_name}`;
    case 'presentation':
      return `Presentation ${facts.episode_position}: ${facts.episode_name}`;
    case 'visit':
      return `Visit ${formatDate(facts.context_date)}`;
    case 'reminder':
      return `Reminder ${formatDate(facts.context_date)}`;
    case 'student':
      return 'Student';
  }
}

type DecisionRow = Omit<StudentDecision, 'context_label'> & ContextFacts;

export async function studentDecisions(db: DbOrTx, studentId: Visible<'student'>): Promise<StudentDecision[]> {
  const found = await rows<DecisionRow>(
    db.execute(sql`
      select d.id, d.decision_option_id, o.name as decision_option_name,
        e.id as enrollment_id, se.name as series_name, se.type as series_type,
        case when d.episode_delivery_id is not null then 'lesson'
          when d.attendance_id is not null then 'presentation' else 'visit' end as context,
        coalesce(epd.position, epa.position) as episode_position,
        coalesce(epd.name, epa.name) as episode_name,
        v.date::text as context_date,
        coalesce(ed.date_completed, ed.date_sent, epa.date, v.date)::text as date,
        ${isoTimestamp('d.created_at')} as created_at
      from decisions d
        join enrollments e on e.id = d.cached_enrollment_id
        join series se on se.id = e.series_id
        join decision_options o on o.id = d.decision_option_id
        left join episode_deliveries ed on ed.id = d.episode_delivery_id
        left join episodes epd on epd.id = ed.episode_id
        left join attendances a on a.id = d.attendance_id
        left join episodes epa on epa.id = a.episode_id
        left join visits v on v.id = d.visit_id
      where e.student_id = ${studentId}
      order by coalesce(ed.date_completed, ed.date_sent, epa.date, v.date, d.created_at::date) desc,
        d.created_at desc, d.id desc`),
  );
  return found.map(({ episode_position, episode_name, context_date, ...row }) => ({
    ...row,
    context_label: contextLabel({ context: row.context, episode_position, episode_name, context_date }),
  }));
}

type NoteRow = Omit<StudentNote, 'context_label' | 'author'> &
  ContextFacts & { author_id: number | null; author_first_name: string | null; author_last_name: string | null };

export async function studentNotes(db: DbOrTx, studentId: Visible<'student'>): Promise<StudentNote[]> {
  const found = await rows<NoteRow>(
    db.execute(sql`
      select n.id, n.type, n.text, ${isoTimestamp('n.created_at')} as created_at,
        e.id as enrollment_id, se.name as series_name, se.type as series_type,
        case when n.episode_delivery_id is not null then 'lesson'
          when n.attendance_id is not null then 'presentation'
          when n.visit_id is not null then 'visit'
          when n.reminder_id is not null then 'reminder' else 'student' end as context,
        coalesce(epd.position, epa.position) as episode_position,
        coalesce(epd.name, epa.name) as episode_name,
        coalesce(v.date, r.date)::text as context_date,
        au.id as author_id, au.first_name as author_first_name, au.last_name as author_last_name
      from notes n
        left join episode_deliveries ed on ed.id = n.episode_delivery_id
        left join episodes epd on epd.id = ed.episode_id
        left join attendances a on a.id = n.attendance_id
        left join episodes epa on epa.id = a.episode_id
        left join visits v on v.id = n.visit_id
        left join reminders r on r.id = n.reminder_id
        left join enrollments e
          on e.id = coalesce(n.cached_enrollment_id, ed.enrollment_id, a.enrollment_id, v.enrollment_id, r.enrollment_id)
        left join series se on se.id = e.series_id
        left join users au on au.id = n.author_id
      where n.student_id = ${studentId}
      order by n.created_at desc, n.id desc`),
  );
  return found.map(
    ({
      episode_position,
      episode_name,
      context_date,
      author_id,
      author_first_name,
      author_last_name,
      ...row
    }) => ({
      ...row,
      context_label: contextLabel({ context: row.context, episode_position, episode_name, context_date }),
      author: personRef(author_id, author_first_name, author_last_name),
    }),
  );
}

export async function studentProducts(db: DbOrTx, studentId: Visible<'student'>): Promise<StudentProduct[]> {
  return rows<StudentProduct>(
    db.execute(sql`
      select p.id, p.enrollment_id, se.name as series_name, p.product_offer_id as product_id,
        po.name as product_name, p.delivered_at::text as delivered_at, p.quantity, p.price::text as price,
        p.visitor_name, p.delivery_type
      from product_deliveries p
        join enrollments e on e.id = p.enrollment_id
        join series se on se.id = e.series_id
        join product_offers po on po.id = p.product_offer_id
      where e.student_id = ${studentId}
      order by p.delivered_at desc, p.created_at desc, p.id desc`),
  );
}
