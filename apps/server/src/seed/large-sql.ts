import { type SQL, sql } from 'drizzle-orm';

/**
 * The set-based statements behind seedLarge. Every "random" choice is a hash of a row number or
 * student id (hashint8 is portable: PostgreSQL and PGlite give the same data), and lookups go
 * through small numbered tables, since subscripting a long text[] per row walks the array.
 */

/** 0 ≤ h < modulo, from an integer expression and a salt that separates independent choices. */
export const h = (expression: SQL, salt: number, modulo: number | SQL): SQL =>
  sql`((hashint8((${expression})::bigint * 64 + ${sql.raw(String(salt))})::bigint + 2147483648) % ${modulo})`;

export const salts = { lastDay: 1, bucket: 2, sent: 3, course: 4, type: 5, start: 6 } as const;

export type ParameterLists = {
  firstNames: string[];
  lastNames: string[];
  streets: string[];
  towns: string[];
  /** [zip, state], ordered by zip: neighbouring entries are near each other. */
  zips: [string, string][];
  churchSuffixes: string[];
};

export function createLookupTables(lists: ParameterLists): SQL[] {
  const numbered = (table: string, values: string[]) => sql`
    insert into ${sql.raw(table)} (n, name)
    select n, value from json_array_elements_text(${JSON.stringify(values)}::json) with ordinality as t(value, n)`;
  return [
    // One statement each: PGlite's extended protocol refuses several in one string.
    ...[
      'seed_first (n int primary key, name text)',
      'seed_last (n int primary key, name text)',
      'seed_streets (n int primary key, name text)',
      'seed_towns (n int primary key, name text)',
      'seed_suffixes (n int primary key, name text)',
      'seed_zips (n int primary key, zip text, state text)',
      'seed_schools (idx int primary key, school_id bigint, zip_index int, staff bigint[])',
      'seed_courses (n int primary key, id bigint, lessons int)',
    ].map((table) => sql.raw(`create temp table ${table} on commit drop`)),
    numbered('seed_first', lists.firstNames),
    numbered('seed_last', lists.lastNames),
    numbered('seed_streets', lists.streets),
    numbered('seed_towns', lists.towns),
    numbered('seed_suffixes', lists.churchSuffixes),
    sql`insert into seed_zips (n, zip, state)
      select n, z ->> 0, z ->> 1 from json_array_elements(${JSON.stringify(lists.zips)}::json) with ordinality as t(z, n)`,
    sql`insert into seed_courses (n, id, lessons)
      select row_number() over (order by s.id), s.id, (select count(*) from episodes e where e.series_id = s.id)
      from series s where s.type = 'Course' and s.school_id is null and s.active
        and exists (select 1 from episodes e where e.series_id = s.id)`,
    ...['seed_first', 'seed_last', 'seed_streets', 'seed_towns', 'seed_suffixes', 'seed_zips', 'seed_courses'].map(
      (table) => sql.raw(`analyze ${table}`),
    ),
  ];
}

/** Schools numbered from `firstCode`, each under conference `conferenceIds[(g - 1) / perConference]`. */
export function insertSchools(count: number, firstCode: number, conferenceIds: number[], perConference: number): SQL {
  const g = sql`g`;
  return sql`
    with plan as (
      select g, (${JSON.stringify(conferenceIds)}::json ->> ((g - 1) / ${perConference})::int)::bigint as conference_id,
        1 + ${h(g, 11, sql`(select count(*) from seed_zips)`)} as zip_index,
        1 + ${h(g, 12, sql`(select count(*) from seed_towns)`)} as town,
        1 + ${h(g, 13, sql`(select count(*) from seed_suffixes)`)} as suffix,
        100 + ${h(g, 14, 9800)} as number
      from generate_series(1, ${count}::int) g
    ),
    inserted as (
      insert into schools (conference_id, school_code, church_name, school_address, school_address_2, school_city,
        school_state, school_country, school_zip_code, church_address, church_city, church_state, church_country,
        church_zip_code)
      select p.conference_id, (${firstCode - 1} + p.g)::text, t.name || ' ' || x.name, p.number || ' Church Street',
        'Bible School Office', t.name, z.state, 'United States', z.zip, p.number || ' Church Street', t.name, z.state,
        'United States', z.zip
      from plan p join seed_towns t on t.n = p.town join seed_suffixes x on x.n = p.suffix join seed_zips z on z.n = p.zip_index
      order by p.g
      returning id, school_code
    )
    insert into seed_schools (idx, school_id, zip_index)
    select i.school_code::int - ${firstCode - 1}, i.id, p.zip_index
    from inserted i join plan p on p.g = i.school_code::int - ${firstCode - 1}`;
}

/** A head school admin (k = 0) and instructors per school, all with the demo password. */
export function insertStaff(staffPerSchool: number, passwordHash: string): SQL[] {
  const key = sql`ss.idx * 64 + k`;
  return [
    sql`
      with staff as (
        select ss.school_id, k, f.name as first_name, l.name as last_name,
          lower(regexp_replace(f.name || '.' || l.name, '[^A-Za-z.]', '', 'g')) || '.' || s.school_code || '.' || k
            || '@bench.test' as email
        from seed_schools ss
        join schools s on s.id = ss.school_id
        cross join generate_series(0, ${staffPerSchool - 1}::int) k
        join seed_first f on f.n = 1 + ${h(key, 21, sql`(select count(*) from seed_first)`)}
        join seed_last l on l.n = 1 + ${h(key, 22, sql`(select count(*) from seed_last)`)}
      ),
      inserted as (
        insert into users (email, first_name, last_name, password_hash)
        select email, first_name, last_name, ${passwordHash} from staff order by school_id, k
        returning id, email
      )
      insert into roles (user_id, role_type, school_id)
      select i.id, case when s.k = 0 then 'school_admin' else 'instructor' end, s.school_id
      from inserted i join staff s on s.email = i.email`,
    sql`
      update seed_schools ss set staff = x.ids
      from (select r.school_id, array_agg(r.user_id order by r.user_id) as ids
            from roles r join seed_schools s2 on s2.school_id = r.school_id group by r.school_id) x
      where x.school_id = ss.school_id`,
    sql`
      update schools s set head_school_admin_id = r.user_id
      from roles r join seed_schools ss on ss.school_id = r.school_id
      where r.role_type = 'school_admin' and s.id = r.school_id`,
    sql`
      insert into series_offered (series_id, school_id)
      select c.id, ss.school_id from seed_schools ss cross join seed_courses c`,
    sql`
      insert into claimed_zips (school_id, zip_code)
      select ss.school_id, z.zip from seed_schools ss join seed_zips z on z.n = ss.zip_index
      on conflict do nothing`,
  ];
}

/**
 * `count` students spread evenly over the new schools, living at zips near their school's, created
 * over the two years before `today`. `firstNumber` keeps a top-up run from repeating names.
 */
export function insertStudents(count: number, firstNumber: number, perSchool: number, today: string): SQL {
  const i = sql`g.i`;
  const n = (table: string) => sql.raw(`(select count(*) from ${table})`);
  return sql`
    insert into students (school_id, instructor_id, first_name, middle_name, last_name, address, address_2, city, state,
      country, zip_code, email, phone, include_in_mailing_list, created_by_id, created_at, updated_at)
    select ss.school_id, ss.staff[(1 + g.staff_pick % cardinality(ss.staff))::int], f.name,
      case when g.middle < 30 then m.name end, l.name, g.number || ' ' || st.name,
      case when g.apartment < 8 then 'Apt ' || (1 + g.apartment * 37 % 300) end, t.name, z.state, 'United States', z.zip,
      case when g.contact < 50 then lower(regexp_replace(f.name || '.' || l.name, '[^A-Za-z.]', '', 'g')) || (g.i % 997)
        || '@example.com' end,
      case when g.contact % 7 < 4 then '(' || (201 + g.phone % 789) || ') ' || (201 + g.phone / 789 % 789) || '-'
        || lpad((g.phone % 10000)::text, 4, '0') end,
      case when g.mailing < 80 then 'if_address_valid' when g.mailing < 92 then 'always' else 'never' end,
      ss.staff[(1 + g.staff_pick % cardinality(ss.staff))::int], g.created_at, g.created_at
    from (
      select i, 1 + (i - ${firstNumber}) / ${perSchool} as school_idx,
        ${h(i, 31, 1_000_000)} as staff_pick, ${h(i, 32, n('seed_first'))} as first, ${h(i, 33, n('seed_first'))} as second,
        ${h(i, 34, n('seed_last'))} as last, ${h(i, 35, 100)} as middle, ${h(i, 36, 100)} as apartment,
        100 + ${h(i, 37, 9900)} as number, ${h(i, 38, n('seed_streets'))} as street, ${h(i, 39, n('seed_towns'))} as town,
        ${h(i, 40, 201)} - 100 as zip_shift, ${h(i, 41, 100)} as contact, ${h(i, 42, 100_000_000)} as phone,
        ${h(i, 43, 100)} as mailing,
        (${today}::date - ${h(i, 44, 730)}::int)::timestamp + make_interval(secs => ${h(i, 45, 36_000)} + 28800)
          as created_at
      from generate_series(${firstNumber}::int, ${firstNumber + count - 1}::int) as g(i)
    ) g
    join seed_schools ss on ss.idx = g.school_idx
    join seed_first f on f.n = 1 + g.first
    join seed_first m on m.n = 1 + g.second
    join seed_last l on l.n = 1 + g.last
    join seed_streets st on st.n = 1 + g.street
    join seed_towns t on t.n = 1 + g.town
    join seed_zips z on z.n = greatest(1, least(${n('seed_zips')}, ss.zip_index + g.zip_shift))
    order by g.i`;
}

/**
 * One course enrollment per new student, with its caches computed here (no million-row UPDATE
 * afterwards). Each enrollment draws a kind (graduated, waiting for its first lesson, inactive,
 * stale or recently active), the day of its last lesson and how many were sent; the lessons are
 * then spread evenly from the start to that day, at least 7 days apart (insertDeliveries).
 */
export function insertEnrollments(afterStudentId: number, today: string): SQL {
  const sid = sql`s.id`;
  return sql`
    insert into enrollments (student_id, series_id, status, started_on, lesson_number, last_sent_delivery_date,
      cached_latest_followup_date, created_at, updated_at)
    select x.student_id, x.series_id, x.status, x.started_on, x.sent, x.last_sent,
      case when x.status = 'Graduated' then x.last_sent + 3 + ((x.student_id + x.sent) % 5)::int else x.last_sent end,
      x.started_on::timestamp + interval '10 hours', x.started_on::timestamp + interval '10 hours'
    from (
      select q.*, case when q.sent > 0 then ${today}::date - q.last_ago end as last_sent
      from (
        select r.*,
          case r.kind when 'graduated' then 'Graduated' when 'inactive' then 'Inactive' else 'Enrolled' end as status,
          case r.kind when 'waiting' then 0 when 'graduated' then r.lessons
            else 1 + r.pick % least(r.lessons - 1, (r.days - r.last_ago) / 7 + 1) end as sent
        from (
          select k.*,
            case k.kind when 'waiting' then null
              when 'graduated' then 8 + k.ago_pick % (k.days - (k.lessons - 1) * 7 - 7)
              when 'fresh' then least(k.days, k.ago_pick % 25)
              else 31 + k.ago_pick % (k.days - 30) end as last_ago
          from (
            select b.*,
              case when b.bucket < 12 and b.days >= (b.lessons - 1) * 7 + 15 then 'graduated'
                when b.bucket < 17 then 'waiting'
                when b.bucket < 27 and b.days > 31 then 'inactive'
                when b.bucket >= 62 and b.days > 31 then 'stale'
                else 'fresh' end as kind
            from (
              select a.*, ${today}::date - a.started_on as days
              from (
                select s.id as student_id, c.id as series_id, c.lessons,
                  least(${today}::date, s.created_at::date + ${h(sid, salts.start, 8)}::int) as started_on,
                  ${h(sid, salts.bucket, 100)}::int as bucket, ${h(sid, salts.sent, 1000)}::int as pick,
                  ${h(sid, salts.lastDay, 100_000)}::int as ago_pick
                from students s
                join seed_courses c on c.n = 1 + ${h(sid, salts.course, sql`(select count(*) from seed_courses)`)}
                where s.id > ${afterStudentId}
              ) a
            ) b
          ) k
        ) r
      ) q
    ) x
    order by x.student_id`;
}

/**
 * Lesson p of k goes out on last_sent - (k - p) * span / (k - 1): the first on the start day, the
 * last on the cached last-sent day; it carries its student's school and instructor (migration 0041),
 * as the trigger the seed writes without would set them. It comes back 3 to 7 days later (before the next goes out),
 * except one in ten and the last one, unless the enrollment graduated.
 */
export function insertDeliveries(afterEnrollmentId: number): SQL {
  return sql`
    insert into episode_deliveries (enrollment_id, episode_id, date_sent, date_completed, delivery_type,
      grading_instructor_id, cached_school_id, cached_instructor_id, created_at, updated_at)
    select d.enrollment_id, d.episode_id, d.sent, d.completed, d.delivery_type,
      case when d.completed is not null then d.instructor_id end, d.school_id, d.instructor_id,
      d.sent::timestamp + interval '10 hours', coalesce(d.completed, d.sent)::timestamp + interval '10 hours'
    from (
      select c.*,
        case when c.status = 'Graduated' or (c.position < c.lesson_number and (c.student_id + c.position) % 10 <> 0)
          then c.sent + 3 + ((c.student_id + c.position) % 5)::int end as completed
      from (
        select e.id as enrollment_id, e.student_id, e.status, e.lesson_number, ep.id as episode_id, ep.position,
          s.instructor_id, s.school_id,
          e.last_sent_delivery_date - ((e.lesson_number - ep.position)
            * (e.last_sent_delivery_date - e.started_on) / greatest(e.lesson_number - 1, 1)) as sent,
          case when ${h(sql`e.student_id`, salts.type, 10)} < 5 then 'PO'
            when ${h(sql`e.student_id`, salts.type, 10)} < 8 then 'PD' else 'IH' end as delivery_type
        from enrollments e
        join students s on s.id = e.student_id
        join episodes ep on ep.series_id = e.series_id and ep.position <= e.lesson_number
        where e.id > ${afterEnrollmentId}
      ) c
    ) d
    order by d.enrollment_id, d.position`;
}

/**
 * What the database's triggers keep (migrations 0005–0007), for the rows of one batch: a superuser
 * seeds with triggers off (session_replication_role = replica), so the seed writes it itself —
 * each enrollment's school and instructor (and its decisions', with their lesson: 0030, its products': 0031, its attendances': 0033), the counts of its lessons (migrations 0010, 0024, 0025, 0037) and of its decisions (0036), of its follow-up days (0026) and of the enrollments by month (0043) and the lessons' totals by instructor (0044), the name words and the keys of the same person (0029) of the new
 * students, and the students per series and school of the batch's schools. Without it a fresh 1M seed had no search words and no school on
 * its enrollments, and every figure measured on it was wrong.
 */
export function derivedData(afterStudentId: number, afterEnrollmentId: number): SQL[] {
  return [
    sql`update enrollments e set school_id = s.school_id, instructor_id = s.instructor_id from students s
      where s.id = e.student_id and e.id > ${afterEnrollmentId}`,
    sql`update decisions d set cached_school_id = e.school_id, cached_instructor_id = e.instructor_id from enrollments e
      where e.id = d.cached_enrollment_id and e.id > ${afterEnrollmentId}`,
    sql`update product_deliveries pd set cached_school_id = e.school_id, cached_instructor_id = e.instructor_id,
      cached_series_id = e.series_id from enrollments e where e.id = pd.enrollment_id and e.id > ${afterEnrollmentId}`,
    sql`update attendances a set cached_student_id = e.student_id, cached_school_id = e.school_id,
      cached_instructor_id = e.instructor_id, cached_series_id = e.series_id
      from enrollments e where e.id = a.enrollment_id and e.id > ${afterEnrollmentId}`,
    sql`update decisions d set cached_episode_id = dd.episode_id from episode_deliveries dd
      where dd.id = d.episode_delivery_id and d.cached_enrollment_id > ${afterEnrollmentId}`,
    sql`update decisions d set cached_episode_id = a.episode_id from attendances a
      where a.id = d.attendance_id and d.cached_enrollment_id > ${afterEnrollmentId}`,
    sql`select srs_count_decision_months_after(${afterStudentId})`,
    sql`select srs_count_lessons_after(${afterEnrollmentId})`,
    sql`select srs_count_instructor_lessons_after(${afterEnrollmentId})`,
    // The batch's schools are new: their counts by instructor are all this batch's (migration 0044).
    sql`select srs_count_lesson_instructor_totals(array(select distinct school_id from students where id > ${afterStudentId}))`,
    sql`select srs_count_network_lessons_after(${afterEnrollmentId})`,
    sql`select srs_count_episode_turnarounds_after(${afterEnrollmentId})`,
    sql`select srs_count_instructor_filter_turnarounds_after(${afterEnrollmentId})`,
    sql`select srs_count_followups_after(${afterEnrollmentId})`,
    sql`select srs_count_enrollment_months_after(${afterEnrollmentId})`,
    sql`insert into name_words (word)
      select distinct t.word from students s cross join regexp_split_to_table(s.search_name, ' ') t(word)
      where s.id > ${afterStudentId} and t.word <> '' order by t.word
      on conflict (word) do nothing`,
    sql`insert into student_words (word_id, last_name, first_name, student_id, school_id, instructor_id)
      select distinct w.id, s.last_name, s.first_name, s.id, s.school_id, s.instructor_id
      from students s cross join regexp_split_to_table(s.search_name, ' ') t(word)
      join name_words w on w.word = t.word
      where s.id > ${afterStudentId}`,
    sql`select srs_count_student_keys_after(${afterStudentId})`,
    sql`select srs_recount_school_series(array(
      select distinct school_id from students where id > ${afterStudentId}))`,
  ];
}
