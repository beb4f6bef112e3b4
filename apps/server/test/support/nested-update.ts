import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestContext } from './app.ts';
import { clientFor, createDecisionOptions, createProductOffer } from './enrollment-factories.ts';
import { createCourse, createNetwork, enroll, type Network, offer } from './factories.ts';

/** What the nested-update tests share: a course of 3 lessons offered by school A, and a fresh enrollment per test. */
export interface NestedUpdateFixture {
  t: TestContext;
  net: Network;
  courseId: number;
  lessonIds: number[];
  optionIds: number[];
  /** A product of the course with a default price of 4.50. */
  productId: number;
  /** A product of no series. */
  otherProductId: number;
  /** studentA's enrollment in the course, made anew before each test. */
  enrollmentId: number;
  /** PUT /api/enrollments/{id} as instructor A. */
  put: (body: unknown, id?: number) => ReturnType<ReturnType<typeof clientFor>['put']>;
}

/** Registers the suite's hooks; the fixture's fields are filled by the time a test runs. */
export function useNestedUpdateFixture(): NestedUpdateFixture {
  const fixture = {} as NestedUpdateFixture;
  beforeAll(async () => {
    const t = await createTestApp();
    const db = t.database.db;
    const net = await createNetwork(db);
    const { course, lessons } = await createCourse(db, 3);
    await offer(db, course.id, net.schoolA.id);
    const options = await createDecisionOptions(db, course.id, ['Accept Jesus', 'Baptism', 'Sabbath']);
    const client = clientFor(t, net.instructorA.email);
    Object.assign(fixture, {
      t,
      net,
      courseId: course.id,
      lessonIds: lessons.map((lesson) => lesson.id),
      optionIds: options.map((option) => option.id),
      productId: (await createProductOffer(db, course.id, { defaultPrice: '4.50' })).id,
      otherProductId: (await createProductOffer(db, null)).id,
      put: (body: unknown, id = fixture.enrollmentId) => client.put(`/api/enrollments/${id}`, body),
    });
  });
  beforeEach(async () => {
    await fixture.t.database.exec(`delete from enrollments where student_id = ${fixture.net.studentA.id}`);
    fixture.enrollmentId = (await enroll(fixture.t.database.db, fixture.net.studentA.id, fixture.courseId)).id;
  });
  afterAll(async () => fixture.t.close());
  return fixture;
}
