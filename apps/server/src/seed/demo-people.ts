import type { DbOrTx } from '../db/client.ts';
import { interests, studentShares, students } from '../db/schema/index.ts';
import { insertAll, insertReturningIds } from './bulk.ts';
import type { DayClock } from './dates.ts';
import type { Catalogue } from './demo-catalogue.ts';
import type { DemoSchoolRow, Organisation, StaffMember } from './demo-organisations.ts';
import type { DemoRandom } from './demo-random.ts';
import { closedReasons, interestSources } from './demo-texts.ts';
import { stateForZip } from './zip-states.ts';

/** Forces the follow-up state of a student's first enrollment, so demo accounts always have both kinds. */
export type FollowupForce = 'fresh' | 'stale' | 'due';

export type StudentPlan = {
  school: DemoSchoolRow;
  instructor: StaffMember;
  force: FollowupForce | null;
  /** Days before today the student was created; set once the enrollments are planned. */
  createdAgo: number;
  row: Omit<typeof students.$inferInsert, 'createdAt' | 'updatedAt' | 'schoolId' | 'instructorId'>;
};

const forcedFor = { fresh: 5, stale: 5, due: 2 };

export function planStudents(random: DemoRandom, organisation: Organisation): StudentPlan[] {
  const { faker } = random;
  const plans: StudentPlan[] = [];
  for (const school of organisation.schools) {
    const forced = new Map<number, FollowupForce[]>();
    for (const staff of school.staff) {
      if (staff.id !== organisation.instructorId && staff.id !== organisation.schoolAdminId) continue;
      const scale = staff.id === organisation.instructorId ? 1 : 0.8;
      forced.set(staff.id, [
        ...Array<FollowupForce>(Math.round(forcedFor.fresh * scale)).fill('fresh'),
        ...Array<FollowupForce>(Math.round(forcedFor.stale * scale)).fill('stale'),
        ...Array<FollowupForce>(forcedFor.due).fill('due'),
      ]);
    }
    for (const instructor of instructorsFor(random, school, organisation)) {
      const sex = faker.person.sexType();
      const firstName = faker.person.firstName(sex);
      const lastName = faker.person.lastName();
      // Most live in the zips the school claims, the rest further out in the same state.
      const zipCode = random.chance(0.55) ? random.pick(school.zipPool.slice(0, 4)) : random.pick(school.zipPool);
      plans.push({
        school,
        instructor,
        force: forced.get(instructor.id)?.shift() ?? null,
        createdAgo: 0,
        row: {
          firstName,
          middleName: random.chance(0.3) ? faker.person.middleName(sex) : null,
          lastName,
          address: faker.location.streetAddress(),
          address2: random.chance(0.12) ? faker.location.secondaryAddress() : null,
          city: random.pick(school.def.towns),
          state: stateForZip(zipCode) ?? school.def.state,
          country: 'United States',
          zipCode,
          email: random.chance(0.55) ? faker.internet.exampleEmail({ firstName, lastName }).toLowerCase() : null,
          phone: random.chance(0.6) ? localPhone(random, school.def.areaCode) : null,
          socialMedia: random.chance(0.08) ? `@${faker.internet.username({ firstName, lastName })}` : null,
          includeInMailingList: random.weighted([
            ['if_address_valid', 80],
            ['always', 12],
            ['never', 8],
          ] as const),
          createdById: instructor.id,
        },
      });
    }
  }
  return plans;
}

function localPhone(random: DemoRandom, areaCode: string): string {
  return `(${areaCode}) ${random.int(201, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

/** One entry per student of the school: who teaches them. Ian has 40 at school 101. */
function instructorsFor(random: DemoRandom, school: DemoSchoolRow, organisation: Organisation): StaffMember[] {
  const total = school.def.students;
  const staff = school.staff;
  const list: StaffMember[] = [];
  if (school.index === 0) {
    const counts = new Map([
      [organisation.instructorId, 40],
      [organisation.schoolAdminId, 16],
    ]);
    const others = staff.filter((s) => !counts.has(s.id));
    const rest = total - 56;
    others.forEach((s, i) => {
      counts.set(s.id, Math.floor(rest / others.length) + (i < rest % others.length ? 1 : 0));
    });
    for (const member of staff) for (let n = 0; n < (counts.get(member.id) ?? 0); n++) list.push(member);
  } else {
    const head = staff.find((s) => s.id === school.headAdminId);
    const teachers = staff.filter((s) => s.role === 'instructor');
    const headCount = head ? Math.round(total * 0.25) : 0;
    for (let n = 0; n < headCount; n++) list.push(head!);
    while (list.length < total) list.push(random.pick(teachers));
  }
  return random.shuffle(list);
}

export async function insertStudents(db: DbOrTx, plans: StudentPlan[], clock: DayClock, random: DemoRandom) {
  return insertReturningIds(
    db,
    students,
    plans.map((plan) => {
      const createdAt = clock.at(-plan.createdAgo, random.int(-180, 240));
      return {
        ...plan.row,
        schoolId: plan.school.id,
        instructorId: plan.instructor.id,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

/** A few students shared with another instructor of the same school (Ian gets four). */
export async function insertShares(
  db: DbOrTx,
  organisation: Organisation,
  plans: StudentPlan[],
  studentIds: number[],
  clock: DayClock,
) {
  const rows: (typeof studentShares.$inferInsert)[] = [];
  const share = (school: DemoSchoolRow, from: StaffMember | undefined, to: StaffMember | undefined, count: number) => {
    if (!from || !to) return;
    plans.forEach((plan, i) => {
      if (plan.school !== school || plan.instructor.id !== from.id || plan.force) return;
      if (rows.filter((r) => r.sharedById === from.id && r.userId === to.id).length >= count) return;
      rows.push({
        studentId: studentIds[i]!,
        userId: to.id,
        sharedById: from.id,
        createdAt: clock.at(-Math.round(plan.createdAgo / 2)),
      });
    });
  };
  const first = organisation.schools[0]!;
  const ian = first.staff.find((s) => s.id === organisation.instructorId);
  const sarah = first.staff.find((s) => s.id === organisation.schoolAdminId);
  const [otherA, otherB] = first.staff.filter((s) => s !== ian && s !== sarah);
  share(first, otherA, ian, 4);
  share(first, sarah, otherB, 2);
  const fourth = organisation.schools[3]!;
  const head = fourth.staff.find((s) => s.id === fourth.headAdminId);
  share(
    fourth,
    head,
    fourth.staff.find((s) => s.role === 'instructor'),
    3,
  );
  await insertAll(db, studentShares, rows);
  return rows.length;
}

/** About twenty people who asked for studies, in every status of the funnel. */
export async function insertInterests(
  db: DbOrTx,
  random: DemoRandom,
  organisation: Organisation,
  catalogue: Catalogue,
  plans: StudentPlan[],
  studentIds: number[],
  clock: DayClock,
) {
  const { faker } = random;
  const statuses = ['new', 'assigned', 'contacted', 'enrolled', 'closed'] as const;
  const perStatus = [7, 4, 3, 3, 3];
  const courses = Object.values(catalogue.courses);
  const accepting = organisation.schools.filter((s) => s.headAdminId);
  const rows: (typeof interests.$inferInsert)[] = [];
  statuses.forEach((status, s) => {
    for (let n = 0; n < perStatus[s]!; n++) {
      const school = random.pick(accepting);
      const course = random.pick(courses);
      let firstName = faker.person.firstName();
      let lastName = faker.person.lastName();
      let receivedAgo = status === 'new' ? random.int(0, 20) : random.int(15, 120);
      let studentId: number | null = null;
      const zipCode = random.pick(school.zipPool);
      if (status === 'enrolled') {
        const candidates = plans
          .map((plan, i) => ({ plan, id: studentIds[i]! }))
          .filter(({ plan }) => plan.school === school && plan.createdAgo >= 5 && plan.createdAgo <= 200);
        const chosen = random.pick(candidates);
        ({ firstName, lastName } = chosen.plan.row);
        studentId = chosen.id;
        receivedAgo = chosen.plan.createdAgo + random.int(2, 10);
      }
      const source = random.pick(interestSources);
      const assignedAgo = receivedAgo - random.int(1, Math.min(5, receivedAgo));
      const worked = status !== 'new';
      rows.push({
        firstName,
        lastName,
        email: random.chance(0.7) ? faker.internet.exampleEmail({ firstName, lastName }).toLowerCase() : null,
        phone: random.chance(0.7) ? localPhone(random, school.def.areaCode) : null,
        address: faker.location.streetAddress(),
        city: random.pick(school.def.towns),
        state: stateForZip(zipCode) ?? school.def.state,
        country: 'United States',
        zipCode,
        seriesId: course.id,
        source,
        receivedOn: clock.day(-receivedAgo),
        status,
        schoolId: worked && status !== 'closed' ? school.id : null,
        studentId,
        assignedAt: worked && status !== 'closed' ? clock.day(-assignedAgo) : null,
        contactedAt:
          status === 'contacted' || status === 'enrolled'
            ? clock.day(-Math.max(0, assignedAgo - random.int(1, 7)))
            : null,
        enrolledAt: status === 'enrolled' ? clock.day(-Math.max(0, assignedAgo - 8)) : null,
        closedAt: status === 'closed' ? clock.day(-Math.max(0, receivedAgo - random.int(1, 10))) : null,
        closedReason: status === 'closed' ? random.pick(closedReasons) : null,
        createdById: source === 'manual' ? organisation.globalAdminId : null,
        createdAt: clock.at(-receivedAgo),
        updatedAt: clock.at(-receivedAgo),
      });
    }
  });
  await insertReturningIds(db, interests, rows);
  return rows.length;
}
