import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { countedLessons, countedTurnarounds, keptLessons, keptTurnarounds } from './drills/kept-counts.ts';

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
