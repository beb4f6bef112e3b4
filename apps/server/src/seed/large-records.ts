import { type SQL, sql } from 'drizzle-orm';
import { h } from './large-sql.ts';

/**
 * What a network records besides lessons, for the reports to be measured on real volumes (issue
 * 11): a seminar at each new school with its presentations, one student in twenty attending it,
 * decisions on one returned lesson in eight and one presentation attended in six, and literature
 * delivered to one enrollment in eight. Set-based like the rest of the large seed, every choice a
 * hash of an id, so PostgreSQL and PGlite give the same rows.
 */

const presentations = [
  'Unlocking Revelation',
  'Letters to Seven Churches',
  "Heaven's Throne Room",
  "The Three Angels' Messages",
  'Armageddon',
  'The New Jerusalem',
];
const seminarDecisions = ['Accept Jesus as Savior', 'Be baptized', 'Request Bible studies'];

const salts = { seminarStart: 60, seminarStudent: 61, attends: 62, decision: 63, option: 64, product: 65, item: 66 };

/**
 * The batch's seminars (one per new school, six weekly presentations at 19:00 that began up to
 * two years before `today`), their decision options, and the lookups the inserts below read:
 * seed_seminars (school, series, first day) and seed_options (each series' options, numbered).
 */
export function insertSeminars(today: string): SQL[] {
  const names = JSON.stringify(presentations);
  return [
    sql.raw('create temp table seed_seminars (school_id bigint primary key, series_id bigint, first_day date) on commit drop'),
    sql.raw('create temp table seed_options (series_id bigint, k int, option_id bigint, primary key (series_id, k)) on commit drop'),
    sql.raw('create temp table seed_products (n int primary key, id bigint, price numeric) on commit drop'),
    sql`
      with inserted as (
        insert into series (type, name, school_id, location)
        select 'Seminar', 'Revelation Seminar at ' || sc.church_name, ss.school_id, sc.church_address
        from seed_schools ss join schools sc on sc.id = ss.school_id order by ss.idx
        returning id, school_id
      )
      insert into seed_seminars (school_id, series_id, first_day)
      select i.school_id, i.id, ${today}::date - 36 - ${h(sql`ss.idx`, salts.seminarStart, 690)}::int
      from inserted i join seed_schools ss on ss.school_id = i.school_id`,
    sql`
      insert into episodes (series_id, position, name, date, time)
      select sm.series_id, p, ${names}::json ->> (p - 1), sm.first_day + (p - 1) * 7, '19:00'
      from seed_seminars sm cross join generate_series(1, ${presentations.length}::int) p
      order by sm.series_id, p`,
    sql`insert into series_offered (series_id, school_id) select series_id, school_id from seed_seminars`,
    sql`
      insert into decision_options (series_id, name, position)
      select sm.series_id, ${JSON.stringify(seminarDecisions)}::json ->> (k - 1), k
      from seed_seminars sm cross join generate_series(1, ${seminarDecisions.length}::int) k
      order by sm.series_id, k`,
    sql`
      insert into seed_options (series_id, k, option_id)
      select o.series_id, row_number() over (partition by o.series_id order by o.position, o.id) - 1, o.id
      from decision_options o
      where o.active and (o.series_id in (select id from seed_courses) or o.series_id in (select series_id from seed_seminars))`,
    sql`
      insert into seed_products (n, id, price)
      select row_number() over (order by id) - 1, id, default_price from product_offers where active`,
  ];
}

/**
 * One student in twenty of the batch enrolled in their school's seminar ('Attended'), at each past
 * presentation with a chance of two in three; the enrollment's follow-up date is its last one.
 */
export function insertAttendances(afterStudentId: number, afterEnrollmentId: number, today: string): SQL[] {
  return [
    sql`
      insert into enrollments (student_id, series_id, status, started_on, created_at, updated_at)
      select s.id, sm.series_id, 'Attended', least(sm.first_day - 3, ${today}::date),
        least(sm.first_day - 3, ${today}::date)::timestamp + interval '10 hours',
        least(sm.first_day - 3, ${today}::date)::timestamp + interval '10 hours'
      from students s join seed_seminars sm on sm.school_id = s.school_id
      where s.id > ${afterStudentId} and ${h(sql`s.id`, salts.seminarStudent, 20)} = 0
      order by s.id`,
    sql`
      insert into attendances (enrollment_id, episode_id, created_at, updated_at)
      select e.id, ep.id, ep.date::timestamp + interval '21 hours', ep.date::timestamp + interval '21 hours'
      from enrollments e join seed_seminars sm on sm.series_id = e.series_id
      join episodes ep on ep.series_id = e.series_id and ep.date <= ${today}::date
      where e.id > ${afterEnrollmentId} and ${h(sql`e.id * 16 + ep.position`, salts.attends, 3)} < 2
      order by e.id, ep.position`,
    sql`
      update enrollments e set cached_latest_followup_date = x.latest
      from (select a.enrollment_id, max(ep.date) as latest from attendances a join episodes ep on ep.id = a.episode_id
            join enrollments e2 on e2.id = a.enrollment_id
            where e2.id > ${afterEnrollmentId} and e2.series_id in (select series_id from seed_seminars)
            group by a.enrollment_id) x
      where e.id = x.enrollment_id`,
  ];
}

/**
 * Decisions on one returned lesson in eight (recorded the day it came back) and on one attendance
 * in six (the evening of the presentation), each an option of its series picked by hash, with its
 * student (the trigger of migration 0011 is off while a superuser seeds); and one
 * enrollment in eight given literature (one to three of a product, at its price, some day between
 * its start and today).
 */
export function insertDecisionsAndProducts(afterEnrollmentId: number, today: string): SQL[] {
  const count = (series: SQL) => sql`greatest(1, (select count(*) from seed_options o2 where o2.series_id = ${series}))`;
  return [
    sql`
      insert into decisions (decision_option_id, cached_enrollment_id, cached_student_id, episode_delivery_id, created_at,
        updated_at)
      select o.option_id, d.enrollment_id, e.student_id, d.id, d.date_completed::timestamp + interval '11 hours',
        d.date_completed::timestamp + interval '11 hours'
      from episode_deliveries d join enrollments e on e.id = d.enrollment_id
      join seed_options o on o.series_id = e.series_id and o.k = ${h(sql`d.id`, salts.option, count(sql`e.series_id`))}
      where d.enrollment_id > ${afterEnrollmentId} and d.date_completed is not null
        and ${h(sql`d.id`, salts.decision, 8)} = 0
      order by d.id`,
    sql`
      insert into decisions (decision_option_id, cached_enrollment_id, cached_student_id, attendance_id, created_at,
        updated_at)
      select o.option_id, a.enrollment_id, e.student_id, a.id, a.created_at, a.created_at
      from attendances a join enrollments e on e.id = a.enrollment_id
      join seed_options o on o.series_id = e.series_id and o.k = ${h(sql`a.id`, salts.option, count(sql`e.series_id`))}
      where a.enrollment_id > ${afterEnrollmentId} and ${h(sql`a.id`, salts.decision, 6)} = 0
      order by a.id`,
    sql`
      insert into product_deliveries (enrollment_id, product_offer_id, delivered_at, quantity, price, delivery_type,
        created_at, updated_at)
      select x.id, p.id, x.day, 1 + ${h(sql`x.id`, salts.item + 1, 3)}, p.price,
        (array['PO', 'PD', 'IH'])[1 + ${h(sql`x.id`, salts.item + 2, 3)}],
        x.day::timestamp + interval '12 hours', x.day::timestamp + interval '12 hours'
      from (
        select e.id, e.started_on + ${h(sql`e.id`, salts.item + 3, sql`(${today}::date - e.started_on + 1)`)}::int as day
        from enrollments e
        where e.id > ${afterEnrollmentId} and ${h(sql`e.id`, salts.product, 8)} = 0
      ) x
      join seed_products p on p.n = ${h(sql`x.id`, salts.item, sql`greatest(1, (select count(*) from seed_products))`)}
      order by x.id`,
  ];
}
