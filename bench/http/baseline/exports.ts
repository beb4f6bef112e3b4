// The exports' ceiling: COPY (select … the same columns and joins …) TO STDOUT WITH CSV HEADER,
// streamed to the client. Cells are computed in SQL exactly as the app writes them (its formula
// neutralisation included), so that the bench can check both files hold the same cells.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { to as copyTo } from 'pg-copy-streams';
import type { Pool } from './sql.ts';

/** The app's rule (core/csv.ts): a text cell starting with = + - @ tab or CR gets a leading apostrophe. */
const safe = (cell: string) =>
  `case when left(${cell}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${cell} else ${cell} end`;

const yesNo = (condition: string) => `case when ${condition} then 'Yes' else 'No' end`;

const columns = (list: [string, string][]) => list.map(([header, cell]) => `${cell} as "${header}"`).join(',\n  ');

/** COPY takes no parameters: a filter is a whole number checked here, then written into the text. */
const schoolFilter = (schoolId: unknown) => {
  const id = Number(schoolId);
  return Number.isSafeInteger(id) && id > 0 ? `s.school_id = ${id}` : 'true';
};

const studentsCopy = (schoolId: unknown) => `select
  ${columns([
    ['First Name', safe('s.first_name')],
    ['Middle Name', safe('s.middle_name')],
    ['Last Name', safe('s.last_name')],
    ['Address', safe('s.address')],
    ['Address 2', safe('s.address_2')],
    ['City', safe('s.city')],
    ['State', safe('s.state')],
    ['Zip Code', safe('s.zip_code')],
    ['Country', safe('s.country')],
    ['Email', safe('s.email')],
    ['Phone', safe('s.phone')],
    ['Social Media', safe('s.social_media')],
    ['Include In Mailing List', safe('s.include_in_mailing_list')],
    ['Created', `to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD')`],
    ['Instructor', safe(`case when i.id is null then '' else i.first_name || ' ' || i.last_name end`)],
    ['School Code', safe('sc.school_code')],
    ['School', safe('sc.church_name')],
    [
      'Enrollments',
      safe(`coalesce((select string_agg(se.name || ' #' || e.registration_number || ' (' || e.status
          || case when se.type = 'Course' then ', lesson ' || e.lesson_number else '' end || ')', '; '
          order by se.type = 'Course' desc, e.started_on desc, e.id desc)
        from enrollments e join series se on se.id = e.series_id where e.student_id = s.id), '')`),
    ],
  ])}
from students s join schools sc on sc.id = s.school_id left join users i on i.id = s.instructor_id
where ${schoolFilter(schoolId)}
order by s.id`;

const schoolsCopy = `select
  ${columns([
    ['School Code', safe('sc.school_code')],
    ['Church Name', safe('sc.church_name')],
    ['Conference', safe('c.name')],
    ['Active', yesNo('sc.active')],
    ['School Address', safe('sc.school_address')],
    ['School Address 2', safe('sc.school_address_2')],
    ['School City', safe('sc.school_city')],
    ['School State', safe('sc.school_state')],
    ['School Zip Code', safe('sc.school_zip_code')],
    ['School Country', safe('sc.school_country')],
    ['Church Address', safe('sc.church_address')],
    ['Church City', safe('sc.church_city')],
    ['Church State', safe('sc.church_state')],
    ['Church Zip Code', safe('sc.church_zip_code')],
    ['Head School Admin', yesNo('sc.head_school_admin_id is not null')],
    [
      'Courses',
      safe(`coalesce((select string_agg(se.name, '; ' order by se.name) from series_offered so
        join series se on se.id = so.series_id where se.type = 'Course' and so.school_id = sc.id), '')`),
    ],
    ['Students', '(select count(*)::int from students st where st.school_id = sc.id)'],
  ])}
from schools sc join conferences c on c.id = sc.conference_id
order by sc.school_code, sc.id`;

const usersCopy = `select
  ${columns([
    ['First Name', safe('u.first_name')],
    ['Last Name', safe('u.last_name')],
    ['Email', safe('u.email')],
    ['Students', '(select count(*)::int from students s where s.instructor_id = u.id)'],
    [
      'Roles',
      safe(`coalesce((select string_agg(case
          when sc.id is not null then r.role_type || ' ((#' || sc.school_code || ') ' || sc.church_name || ')'
          when c.id is not null then r.role_type || ' (' || c.name || ')'
          else r.role_type end, '; ' order by r.id)
        from roles r left join conferences c on c.id = r.conference_id left join schools sc on sc.id = r.school_id
        where r.user_id = u.id), '')`),
    ],
  ])}
from users u where u.active
order by u.last_name, u.first_name, u.id`;

async function sendCopy(pool: Pool, reply: FastifyReply, label: string, text: string) {
  const client = await pool.connect();
  const stream = client.query(copyTo(`copy (${text}) to stdout with csv header`));
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  stream.on('end', () => release());
  stream.on('error', (error) => release(error));
  reply.raw.on('close', () => {
    // A client that left mid-file: end the COPY by dropping the connection.
    if (!stream.readableEnded) release(new Error('client closed the export'));
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${label}.csv"`)
    .send(stream);
}

export function exportRoutes(app: FastifyInstance, pool: Pool) {
  app.get<{ Querystring: { school_id_eq?: string } }>('/api/students.csv', (request, reply) =>
    sendCopy(pool, reply, 'students', studentsCopy(request.query.school_id_eq)),
  );
  app.get('/api/schools.csv', (_request, reply) => sendCopy(pool, reply, 'schools', schoolsCopy));
  app.get('/api/users.csv', (_request, reply) => sendCopy(pool, reply, 'users', usersCopy));
}
