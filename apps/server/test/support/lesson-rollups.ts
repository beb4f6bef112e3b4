import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';

/** The lesson counts as migration 0010 defines them, from the lessons themselves. */
const countedLessons = `select x.month, x.school_id, x.episode_id, x.delivery_type, sum(x.sent)::int as sent,
    sum(x.completed)::int as completed
  from (
    select date_trunc('month', d.date_sent)::date as month, e.school_id, d.episode_id,
      coalesce(d.delivery_type, '') as delivery_type, 1 as sent, 0 as completed
    from episode_deliveries d join enrollments e on e.id = d.enrollment_id where d.date_sent is not null
    union all
    select date_trunc('month', d.date_completed)::date, e.school_id, d.episode_id, coalesce(d.delivery_type, ''), 0, 1
    from episode_deliveries d join enrollments e on e.id = d.enrollment_id where d.date_completed is not null
  ) x group by 1, 2, 3, 4`;
const keptLessons = `select month, school_id, episode_id, delivery_type, sent, completed from lesson_months
  where sent <> 0 or completed <> 0`;
const countedTurnarounds = `select date_trunc('month', d.date_completed)::date as month, e.school_id, ep.series_id,
    coalesce(d.delivery_type, '') as delivery_type, d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id join episodes ep on ep.id = d.episode_id
  where d.date_sent is not null and d.date_completed >= d.date_sent group by 1, 2, 3, 4, 5`;
const keptTurnarounds = `select month, school_id, series_id, delivery_type, days, lessons from lesson_turnarounds
  where lessons <> 0`;

/** The kept counts of lessons (lesson_months, lesson_turnarounds) are those of the lessons there are. */
export async function expectLessonCountsKept(database: Database) {
  const differing = async (a: string, b: string) =>
    (await database.query<{ n: number }>(`select count(*)::int as n from ((${a}) except (${b})) x`))[0]!.n;
  expect(await differing(countedLessons, keptLessons), 'lessons counted but not kept').toBe(0);
  expect(await differing(keptLessons, countedLessons), 'lessons kept but not counted').toBe(0);
  expect(await differing(countedTurnarounds, keptTurnarounds), 'turnarounds counted but not kept').toBe(0);
  expect(await differing(keptTurnarounds, countedTurnarounds), 'turnarounds kept but not counted').toBe(0);
  const negative = await database.query<{ n: number }>(
    `select ((select count(*) from lesson_months where sent < 0 or completed < 0)
      + (select count(*) from lesson_turnarounds where lessons < 0))::int as n`,
  );
  expect(negative[0]!.n).toBe(0);
}
