import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import {
  countedEpisodeTurnarounds,
  countedFollowups,
  countedInstructorDeliveryTurnarounds,
  countedInstructorLessons,
  countedInstructorLessonTotals,
  countedInstructorSeriesTurnarounds,
  countedInstructorTurnarounds,
  countedLessons,
  countedNetworkLessons,
  countedNetworkTurnarounds,
  countedTurnarounds,
  keptEpisodeTurnarounds,
  keptFollowups,
  keptInstructorDeliveryTurnarounds,
  keptInstructorLessons,
  keptInstructorLessonTotals,
  keptInstructorSeriesTurnarounds,
  keptInstructorTurnarounds,
  keptLessons,
  keptNetworkLessons,
  keptNetworkTurnarounds,
  keptTurnarounds,
  negativeKeptCounts,
} from './drills/kept-counts.ts';

/**
 * The kept counts of lessons (lesson_months, lesson_turnarounds and the same by instructor,
 * lesson_instructor_months and lesson_instructor_turnarounds, and lesson_instructor_totals, and the network's,
 * lesson_network_months and lesson_network_turnarounds, and by school and lesson,
 * lesson_episode_turnarounds, and by instructor and course or delivery type,
 * lesson_instructor_series_turnarounds and lesson_instructor_delivery_turnarounds) are those of the lessons there are, and
 * the enrollments by follow-up day (followup_counts) those of the enrollments.
 */
export async function expectLessonCountsKept(database: Database) {
  const differing = async (a: string, b: string) =>
    (await database.query<{ n: number }>(`select count(*)::int as n from ((${a}) except (${b})) x`))[0]!.n;
  expect(await differing(countedLessons, keptLessons), 'lessons counted but not kept').toBe(0);
  expect(await differing(keptLessons, countedLessons), 'lessons kept but not counted').toBe(0);
  expect(await differing(countedTurnarounds, keptTurnarounds), 'turnarounds counted but not kept').toBe(0);
  expect(await differing(keptTurnarounds, countedTurnarounds), 'turnarounds kept but not counted').toBe(0);
  expect(await differing(countedInstructorLessons, keptInstructorLessons), 'lessons by instructor counted but not kept').toBe(0);
  expect(await differing(keptInstructorLessons, countedInstructorLessons), 'lessons by instructor kept but not counted').toBe(0);
  expect(await differing(countedInstructorTurnarounds, keptInstructorTurnarounds), 'turnarounds by instructor counted but not kept').toBe(0);
  expect(await differing(keptInstructorTurnarounds, countedInstructorTurnarounds), 'turnarounds by instructor kept but not counted').toBe(0);
  expect(await differing(countedNetworkLessons, keptNetworkLessons), "the network's lessons counted but not kept").toBe(0);
  expect(await differing(keptNetworkLessons, countedNetworkLessons), "the network's lessons kept but not counted").toBe(0);
  expect(await differing(countedNetworkTurnarounds, keptNetworkTurnarounds), "the network's turnarounds counted but not kept").toBe(0);
  expect(await differing(keptNetworkTurnarounds, countedNetworkTurnarounds), "the network's turnarounds kept but not counted").toBe(0);
  expect(await differing(countedEpisodeTurnarounds, keptEpisodeTurnarounds), 'turnarounds by lesson counted but not kept').toBe(0);
  expect(await differing(keptEpisodeTurnarounds, countedEpisodeTurnarounds), 'turnarounds by lesson kept but not counted').toBe(0);
  for (const [counted, kept, what] of [
    [countedInstructorLessonTotals, keptInstructorLessonTotals, 'lessons by instructor alone'],
    [countedInstructorSeriesTurnarounds, keptInstructorSeriesTurnarounds, 'turnarounds by instructor and course'],
    [countedInstructorDeliveryTurnarounds, keptInstructorDeliveryTurnarounds, 'turnarounds by instructor and delivery type'],
  ] as const) {
    expect(await differing(counted, kept), `${what} counted but not kept`).toBe(0);
    expect(await differing(kept, counted), `${what} kept but not counted`).toBe(0);
  }
  expect(await differing(countedFollowups, keptFollowups), 'enrollments by follow-up day counted but not kept').toBe(0);
  expect(await differing(keptFollowups, countedFollowups), 'enrollments by follow-up day kept but not counted').toBe(0);
  const negative = await database.query<{ n: number }>(negativeKeptCounts);
  expect(negative[0]!.n).toBe(0);
}
