import type { deliveryTypes, enrollmentStatuses } from '../db/schema/index.ts';
import type { Catalogue, SeriesRow } from './demo-catalogue.ts';
import type { DemoCourse } from './demo-data.ts';
import type { FollowupForce, StudentPlan } from './demo-people.ts';
import type { DemoRandom } from './demo-random.ts';

export type DeliveryType = (typeof deliveryTypes)[number];
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

/** All dates as days before today, so that the same plan is laid on any `today`. */
export type DeliveryPlan = { position: number; sentAgo: number; completedAgo: number | null; type: DeliveryType };

export type EnrollmentPlan = {
  student: number;
  series: SeriesRow;
  status: EnrollmentStatus;
  orphaned: boolean;
  startAgo: number;
  deliveries: DeliveryPlan[];
  /** Seminar presentations attended, by position. */
  attended: number[];
  /** The most recent lesson or attendance, in days before today; visits and notes are placed no later. */
  latestAgo: number | null;
  /** A reminder dated after the latest follow-up whose day has come: the enrollment needs follow-up. */
  dueReminder: boolean;
  baseType: DeliveryType;
};

type CourseMode = 'fresh' | 'stale' | 'due' | 'new' | 'waiting' | 'graduated' | 'inactive';

const maxAgo = 720;
const courseModes: ReadonlyArray<readonly [CourseMode, number]> = [
  ['fresh', 36],
  ['stale', 30],
  ['new', 5],
  ['waiting', 4],
  ['graduated', 14],
  ['inactive', 11],
];

/** One or two enrollments per student, then each student's creation day just before the first. */
export function planEnrollments(random: DemoRandom, students: StudentPlan[], catalogue: Catalogue): EnrollmentPlan[] {
  const plans: EnrollmentPlan[] = [];
  const orphansLeft = new Map([
    [2, 2],
    [5, 1],
  ]);
  students.forEach((student, index) => {
    const school = student.school;
    const seminars = Object.values(catalogue.seminars).filter((s) =>
      [s.def.host, ...s.def.participants].includes(school.index),
    );
    const offered = school.def.courses.map((key) => catalogue.courses[key]);
    const pickCourse = (except?: SeriesRow) =>
      random.weighted(
        school.def.courses
          .map((key) => [catalogue.courses[key], courseWeight[key]] as const)
          .filter(([course]) => course !== except),
      );
    const mine: EnrollmentPlan[] = [];
    if (student.force) {
      mine.push(planCourse(random, index, catalogue.courses.dbg, student.force, true));
    } else if (seminars.length > 0 && random.chance(0.25)) {
      mine.push(planSeminar(random, index, random.pick(seminars)));
    } else {
      mine.push(planCourse(random, index, pickCourse(), random.weighted(courseModes)));
    }
    const first = mine[0]!;
    // A student who moved here from a school offering Focus on Prophecy keeps that enrollment, greyed.
    const orphans = orphansLeft.get(school.index) ?? 0;
    if (orphans > 0 && !school.def.courses.includes('fop')) {
      orphansLeft.set(school.index, orphans - 1);
      mine.push({
        ...planCourse(random, index, catalogue.courses.fop, random.pick(['stale', 'inactive'])),
        orphaned: true,
      });
    } else if (random.chance(0.28)) {
      const seminar = seminars.find((s) => s !== first.series);
      if (first.series.type === 'Seminar')
        mine.push(planCourse(random, index, pickCourse(), random.weighted(courseModes)));
      else if (seminar && random.chance(0.5)) mine.push(planSeminar(random, index, seminar));
      else if (offered.length > 1)
        mine.push(planCourse(random, index, pickCourse(first.series), random.weighted(courseModes)));
    }
    student.createdAgo = Math.min(730, Math.max(...mine.map((e) => e.startAgo)) + random.int(0, 7));
    plans.push(...mine);
  });
  return plans;
}

const courseWeight: Record<DemoCourse['key'], number> = { dbg: 50, af: 30, fop: 20 };

function planCourse(
  random: DemoRandom,
  student: number,
  series: SeriesRow,
  mode: CourseMode | FollowupForce,
  forced = false,
): EnrollmentPlan {
  const lessons = series.episodeIds.length;
  const baseType = random.weighted<DeliveryType>([
    ['PO', 50],
    ['PD', 30],
    ['IH', 20],
  ]);
  const type = (): DeliveryType => (random.chance(0.1) ? random.pick(['PO', 'PD', 'IH'] as const) : baseType);
  let interval = random.int(7, 21);
  let sent = 0;
  let lastAgo = 0;
  let startAgo: number;
  switch (mode) {
    case 'new':
      startAgo = random.int(0, 20);
      sent = startAgo > 0 && random.chance(0.6) ? 1 : 0;
      lastAgo = startAgo;
      break;
    case 'waiting':
      startAgo = random.int(40, 200);
      break;
    case 'graduated':
      sent = lessons;
      interval = random.int(7, 12);
      lastAgo = random.int(10, maxAgo - (lessons - 1) * interval - 10);
      startAgo = 0;
      break;
    default:
      sent = random.int(1, lessons - 1);
      lastAgo =
        mode === 'fresh'
          ? random.int(0, 25)
          : mode === 'due'
            ? random.int(8, 20)
            : mode === 'stale'
              ? random.int(35, 400)
              : random.int(60, 500);
      while (sent > 1 && lastAgo + (sent - 1) * interval > maxAgo) sent--;
      startAgo = 0;
  }
  const deliveries: DeliveryPlan[] = [];
  for (let position = 1; position <= sent; position++) {
    const sentAgo = lastAgo + (sent - position) * interval;
    let completedAgo: number | null = null;
    if (position < sent) {
      // Returned before the next lesson went out; a few never came back.
      if (mode === 'graduated' || random.chance(0.9)) completedAgo = sentAgo - random.int(3, interval - 1);
    } else if (mode === 'graduated') {
      completedAgo = sentAgo - random.int(3, 9);
    } else if (mode === 'fresh' && sentAgo >= 4 && random.chance(0.3)) {
      completedAgo = random.int(0, sentAgo - 2);
    }
    deliveries.push({ position, sentAgo, completedAgo, type: type() });
  }
  if (deliveries.length > 0) startAgo = Math.min(maxAgo, deliveries[0]!.sentAgo + random.int(0, 3));
  const status: EnrollmentStatus = mode === 'graduated' ? 'Graduated' : mode === 'inactive' ? 'Inactive' : 'Enrolled';
  const events = deliveries.flatMap((d) => (d.completedAgo === null ? [d.sentAgo] : [d.sentAgo, d.completedAgo]));
  const latestAgo = events.length > 0 ? Math.min(...events) : null;
  const dueReminder =
    mode === 'due' || (!forced && status === 'Enrolled' && latestAgo !== null && latestAgo >= 2 && random.chance(0.07));
  return {
    student,
    series,
    status,
    orphaned: false,
    startAgo,
    deliveries,
    attended: [],
    latestAgo,
    dueReminder,
    baseType,
  };
}

function planSeminar(random: DemoRandom, student: number, series: SeriesRow): EnrollmentPlan {
  const held = series.episodeDays.map((day, i) => ({ day, position: i + 1 })).filter((p) => p.day <= 0);
  const startAgo = -series.episodeDays[0]! + random.int(3, 20);
  const mode = random.weighted([
    ['attended', 75],
    ['applied', 18],
    ['inactive', 7],
  ] as const);
  let attended: number[] = [];
  if (mode === 'attended' && held.length > 0) {
    attended = held.filter(() => random.chance(0.75)).map((p) => p.position);
    if (attended.length === 0) attended = [random.pick(held).position];
  } else if (mode === 'inactive' && held.length > 0 && random.chance(0.5)) {
    attended = [held[0]!.position];
  }
  const status: EnrollmentStatus = mode === 'inactive' ? 'Inactive' : attended.length > 0 ? 'Attended' : 'Applied';
  const latestAgo = attended.length > 0 ? Math.min(...attended.map((p) => -series.episodeDays[p - 1]!)) : null;
  return {
    student,
    series,
    status,
    orphaned: false,
    startAgo,
    deliveries: [],
    attended,
    latestAgo,
    dueReminder: false,
    baseType: 'PD',
  };
}
