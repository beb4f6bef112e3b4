import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decisions,
  episodeDeliveries,
  notes,
  productDeliveries,
  reminders,
  visits,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  clientFor,
  createDecisionOptions,
  createProductOffer,
  versionCount,
  versionsOf,
} from './support/enrollment-factories.ts';
import { createCourse, createNetwork, createUser, enroll, type Network, offer } from './support/factories.ts';

describe('PUT /api/enrollments/:id — nested records', () => {
  let t: TestContext;
  let net: Network;
  let courseId: number;
  let lessonIds: number[];
  let optionIds: number[];
  let productId: number;
  let otherProductId: number;
  let enrollmentId: number;
  let put: (body: unknown, id?: number) => ReturnType<ReturnType<typeof clientFor>['put']>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
    const { course, lessons } = await createCourse(db(), 3);
    courseId = course.id;
    lessonIds = lessons.map((lesson) => lesson.id);
    await offer(db(), course.id, net.schoolA.id);
    optionIds = (await createDecisionOptions(db(), course.id, ['Accept Jesus', 'Baptism', 'Sabbath'])).map((o) => o.id);
    productId = (await createProductOffer(db(), course.id, { defaultPrice: '4.50' })).id;
    otherProductId = (await createProductOffer(db(), null)).id;
    const client = clientFor(t, net.instructorA.email);
    put = (body, id = enrollmentId) => client.put(`/api/enrollments/${id}`, body);
  });
  beforeEach(async () => {
    await t.database.exec(`delete from enrollments where student_id = ${net.studentA.id}`);
    enrollmentId = (await enroll(db(), net.studentA.id, courseId)).id;
  });
  afterAll(async () => t.close());

  it('answers 401 signed out, 403 without a role, 404 out of scope like a missing one', async () => {
    expect((await clientFor(t, null).put(`/api/enrollments/${enrollmentId}`, {})).statusCode).toBe(401);
    const noRole = await createUser(db(), null);
    expect((await clientFor(t, noRole.email).put(`/api/enrollments/${enrollmentId}`, {})).statusCode).toBe(403);
    const other = clientFor(t, net.instructorB.email);
    const body = { visits_attributes: [{ date: '2026-01-01' }] };
    const outOfScope = await other.put(`/api/enrollments/${enrollmentId}`, body);
    const missing = await other.put('/api/enrollments/999999999', body);
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect(await db().select().from(visits).where(eq(visits.enrollmentId, enrollmentId))).toEqual([]);
  });

  it('answers 422 in SPEC shapes for bad nested input', async () => {
    const cases: [unknown, unknown][] = [
      [{ visits_attributes: [{ date: '2026-02-30' }] }, { date: ['Date input not valid.'] }],
      [{ visits_attributes: [{}] }, { date: ['This field is required'] }],
      [{ reminders_attributes: [{ notes_attributes: [] }] }, { date: ['This field is required'] }],
      [{ episode_deliveries_attributes: [{ episode_id: lessonIds[0] }] }, ['Sent or Received date is required']],
      [
        { episode_deliveries_attributes: [{ episode_id: lessonIds[0], date_sent: null, date_completed: null }] },
        ['Sent or Received date is required'],
      ],
      [{ episode_deliveries_attributes: [{ date_sent: '2026-01-01' }] }, { episode_id: ['This field is required'] }],
      [
        { visits_attributes: [{ date: '2026-01-01', notes_attributes: [{ text: 'Hello' }] }] },
        { type: ['This field is required'] },
      ],
      [
        { visits_attributes: [{ date: '2026-01-01', notes_attributes: [{ type: 'Note' }] }] },
        { text: ['This field is required'] },
      ],
      [
        { visits_attributes: [{ date: '2026-01-01', notes_attributes: [{ type: 'Note', text: '  ' }] }] },
        { text: ['This field is required'] },
      ],
      [
        { visits_attributes: [{ date: '2026-01-01', decisions_attributes: [{}] }] },
        { decision_option_id: ['This field is required'] },
      ],
      [{ product_deliveries_attributes: [{ delivered_at: '2026-01-01' }] }, { product_id: ['This field is required'] }],
      [
        { product_deliveries_attributes: [{ product_id: productId, delivered_at: '2026-01-01', price: -1 }] },
        { price: [expect.any(String)] },
      ],
      [{ product_deliveries_attributes: [{ product_id: productId }] }, { delivered_at: ['This field is required'] }],
      [{ attendances_attributes: [{ episode_id: lessonIds[0] }] }, { attendances: [expect.any(String)] }],
    ];
    for (const [body, expected] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json(), JSON.stringify(body)).toEqual(expected);
    }
  });

  it('refuses a lesson, decision option or product of another series with 422', async () => {
    const { course: other, lessons } = await createCourse(db(), 1);
    const [foreignOption] = await createDecisionOptions(db(), other.id, ['Other']);
    const lesson = await put({ episode_deliveries_attributes: [{ episode_id: lessons[0]!.id, date_sent: '2026-01-01' }] });
    expect(lesson.statusCode).toBe(422);
    expect(Object.keys(lesson.json())).toEqual(['episode_id']);
    const option = await put({
      visits_attributes: [{ date: '2026-01-01', decisions_attributes: [{ decision_option_id: foreignOption!.id }] }],
    });
    expect(option.statusCode).toBe(422);
    expect(Object.keys(option.json())).toEqual(['decision_option_id']);
    const product = await put({
      product_deliveries_attributes: [{ product_id: otherProductId, delivered_at: '2026-01-01' }],
    });
    expect(product.statusCode).toBe(422);
    expect(product.json()).toEqual({ product_id: ['is not a product of this series'] });
  });

  it('creates, updates and destroys visits with their decisions and notes, with versions', async () => {
    const created = await put({
      visits_attributes: [
        {
          date: '2026-01-05',
          decisions_attributes: [{ decision_option_id: optionIds[0] }],
          notes_attributes: [{ type: 'PrayerRequest', text: 'For my mother' }],
        },
      ],
    });
    expect(created.statusCode).toBe(200);
    const [visit] = created.json().visits;
    expect(visit).toMatchObject({
      date: '2026-01-05',
      visitor: { id: net.instructorA.id },
      decisions: [{ decision_option_id: optionIds[0] }],
      notes: [{ type: 'PrayerRequest', text: 'For my mother', author: { id: net.instructorA.id } }],
    });
    const [noteRow] = await db().select().from(notes).where(eq(notes.visitId, visit.id));
    expect(noteRow).toMatchObject({ studentId: net.studentA.id, cachedEnrollmentId: enrollmentId });
    const [decisionRow] = await db().select().from(decisions).where(eq(decisions.visitId, visit.id));
    expect(decisionRow).toMatchObject({ cachedEnrollmentId: enrollmentId });
    expect(await versionsOf(db(), 'Visit', visit.id)).toMatchObject([{ event: 'create', whodunnit: net.instructorA.id }]);
    expect(await versionsOf(db(), 'Note', noteRow!.id)).toMatchObject([{ event: 'create' }]);
    expect(await versionsOf(db(), 'Decision', decisionRow!.id)).toMatchObject([{ event: 'create' }]);

    const updated = await put({
      visits_attributes: [
        { id: visit.id, date: '2026-01-06', notes_attributes: [{ id: noteRow!.id, text: 'For my father' }] },
      ],
    });
    expect(updated.json().visits[0]).toMatchObject({ date: '2026-01-06', notes: [{ text: 'For my father' }] });
    expect(await versionsOf(db(), 'Visit', visit.id)).toMatchObject([
      { event: 'create' },
      { event: 'update', objectChanges: { date: ['2026-01-05', '2026-01-06'] } },
    ]);

    const destroyed = await put({ visits_attributes: [{ id: visit.id, _destroy: true }] });
    expect(destroyed.json().visits).toEqual([]);
    expect(await db().select().from(notes).where(eq(notes.id, noteRow!.id))).toEqual([]);
    expect((await versionsOf(db(), 'Visit', visit.id)).at(-1)).toMatchObject({ event: 'destroy' });
    expect((await versionsOf(db(), 'Note', noteRow!.id)).at(-1)).toMatchObject({ event: 'destroy' });
    expect((await versionsOf(db(), 'Decision', decisionRow!.id)).at(-1)).toMatchObject({ event: 'destroy' });
  });

  it('sends, receives and removes lessons; a second delivery of one lesson is a 422, never a 500', async () => {
    const sent = await put({
      episode_deliveries_attributes: [{ episode_id: lessonIds[0], date_sent: '2026-01-03', delivery_type: 'PO' }],
    });
    expect(sent.statusCode).toBe(200);
    const [delivery] = sent.json().episode_deliveries;
    expect(delivery).toMatchObject({ episode_position: 1, date_sent: '2026-01-03', date_completed: null });
    const again = await put({ episode_deliveries_attributes: [{ episode_id: lessonIds[0], date_sent: '2026-01-04' }] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ lesson: ['has already been sent for this enrollment'] });
    const twice = await put({
      episode_deliveries_attributes: [
        { episode_id: lessonIds[1], date_sent: '2026-01-04' },
        { episode_id: lessonIds[1], date_sent: '2026-01-05' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    const received = await put({
      episode_deliveries_attributes: [
        { id: delivery.id, date_completed: '2026-01-09', grading_instructor_id: net.otherInstructorA.id },
      ],
    });
    expect(received.json().episode_deliveries[0]).toMatchObject({
      date_sent: '2026-01-03',
      date_completed: '2026-01-09',
      grading_instructor_id: net.otherInstructorA.id,
    });
    const badGrader = await put({
      episode_deliveries_attributes: [{ id: delivery.id, grading_instructor_id: net.instructorB.id }],
    });
    expect(badGrader.statusCode).toBe(422);
    const emptied = await put({ episode_deliveries_attributes: [{ id: delivery.id, date_sent: null, date_completed: null }] });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json()).toEqual(['Sent or Received date is required']);
    const removed = await put({ episode_deliveries_attributes: [{ id: delivery.id, _destroy: true }] });
    expect(removed.json().episode_deliveries).toEqual([]);
    expect(await db().select().from(episodeDeliveries).where(eq(episodeDeliveries.id, delivery.id))).toEqual([]);
    expect((await versionsOf(db(), 'EpisodeDelivery', delivery.id)).map((v) => v.event)).toEqual([
      'create',
      'update',
      'destroy',
    ]);
  });

  it('keeps ticked decisions, creates new ones and removes the unticked ones (SPEC section 4)', async () => {
    const first = await put({
      episode_deliveries_attributes: [
        {
          episode_id: lessonIds[0],
          date_sent: '2026-01-03',
          decisions_attributes: [{ decision_option_id: optionIds[0] }, { decision_option_id: optionIds[1] }],
        },
      ],
    });
    const delivery = first.json().episode_deliveries[0];
    const [kept, unticked] = delivery.decisions as { id: number; decision_option_id: number }[];
    const second = await put({
      episode_deliveries_attributes: [
        {
          id: delivery.id,
          decisions_attributes: [
            { decision_option_id: optionIds[0] },
            { id: unticked!.id, _destroy: true },
            { decision_option_id: optionIds[2] },
          ],
        },
      ],
    });
    expect(second.statusCode).toBe(200);
    const after = second.json().episode_deliveries[0].decisions as { id: number; decision_option_id: number }[];
    expect(after.map((d) => d.decision_option_id)).toEqual([optionIds[0], optionIds[2]]);
    expect(after[0]!.id).toBe(kept!.id);
    expect(await db().select().from(decisions).where(eq(decisions.id, unticked!.id))).toEqual([]);
    expect((await versionsOf(db(), 'Decision', unticked!.id)).map((v) => v.event)).toEqual(['create', 'destroy']);
  });

  it('creates, updates and destroys reminders and their notes', async () => {
    const created = await put({
      reminders_attributes: [{ date: '2026-06-01', notes_attributes: [{ type: 'Note', text: 'Bring the book' }] }],
    });
    const [reminder] = created.json().reminders;
    expect(reminder).toMatchObject({ date: '2026-06-01', notes: [{ text: 'Bring the book' }] });
    const [row] = await db().select().from(reminders).where(eq(reminders.id, reminder.id));
    expect(row!.createdById).toBe(net.instructorA.id);
    const noteId = reminder.notes[0].id;
    const updated = await put({
      reminders_attributes: [{ id: reminder.id, date: '2026-06-02', notes_attributes: [{ id: noteId, _destroy: true }] }],
    });
    expect(updated.json().reminders[0]).toMatchObject({ date: '2026-06-02', notes: [] });
    expect((await versionsOf(db(), 'Note', noteId)).map((v) => v.event)).toEqual(['create', 'destroy']);
    const destroyed = await put({ reminders_attributes: [{ id: reminder.id, _destroy: true }] });
    expect(destroyed.json().reminders).toEqual([]);
  });

  it("records products at the offer's default price when the price is blank", async () => {
    const created = await put({
      product_deliveries_attributes: [
        { product_id: productId, delivered_at: '2026-01-10', price: null, visitor_name: 'Ann' },
        { product_id: productId, delivered_at: '2026-01-11', quantity: 3, price: 2.5, delivery_type: 'PD' },
        { product_id: productId, delivered_at: '2026-01-09', price: '' },
      ],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().product_deliveries).toMatchObject([
      { delivered_at: '2026-01-11', quantity: 3, price: '2.50', delivery_type: 'PD' },
      { delivered_at: '2026-01-10', quantity: 1, price: '4.50', visitor_name: 'Ann' },
      { delivered_at: '2026-01-09', price: '4.50' },
    ]);
    const cheap = created.json().product_deliveries[0];
    const updated = await put({ product_deliveries_attributes: [{ id: cheap.id, price: null, quantity: 2 }] });
    expect(updated.json().product_deliveries[0]).toMatchObject({ id: cheap.id, price: '4.50', quantity: 2 });
    await put({ product_deliveries_attributes: [{ id: cheap.id, _destroy: true }] });
    expect(await db().select().from(productDeliveries).where(eq(productDeliveries.id, cheap.id))).toEqual([]);
    expect((await versionsOf(db(), 'ProductDelivery', cheap.id)).map((v) => v.event)).toEqual([
      'create',
      'update',
      'destroy',
    ]);
  });

  it("answers 404 for another enrollment's record and writes nothing", async () => {
    const otherEnrollment = await enroll(db(), net.studentA2.id, courseId);
    const [foreignVisit] = await db()
      .insert(visits)
      .values({ enrollmentId: otherEnrollment.id, date: '2026-01-01' })
      .returning();
    const before = await versionCount(db());
    for (const body of [
      { visits_attributes: [{ date: '2026-02-01' }, { id: foreignVisit!.id, date: '2026-03-01' }] },
      { visits_attributes: [{ id: foreignVisit!.id, _destroy: true }] },
      { visits_attributes: [{ id: foreignVisit!.id, notes_attributes: [{ type: 'Note', text: 'x' }] }] },
    ]) {
      const response = await put(body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Visit not found' });
    }
    expect(await db().select().from(visits).where(eq(visits.id, foreignVisit!.id))).toMatchObject([
      { date: '2026-01-01' },
    ]);
    expect(await db().select().from(visits).where(eq(visits.enrollmentId, enrollmentId))).toEqual([]);
    expect(await versionCount(db())).toBe(before);
  });

  it('rolls everything back when a late item is invalid', async () => {
    const before = await versionCount(db());
    const response = await put({
      visits_attributes: [
        { date: '2026-01-01', notes_attributes: [{ type: 'Note', text: 'first' }] },
        { date: '2026-01-02' },
      ],
      episode_deliveries_attributes: [{ episode_id: lessonIds[0], date_sent: '2026-01-01' }],
      product_deliveries_attributes: [{ product_id: productId, delivered_at: '2026-01-01' }],
      reminders_attributes: [{ date: '2026-01-03' }, { notes_attributes: [] }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ date: ['This field is required'] });
    for (const table of [visits, episodeDeliveries, productDeliveries, reminders]) {
      expect(await db().select().from(table).where(eq(table.enrollmentId, enrollmentId))).toEqual([]);
    }
    expect(await versionCount(db())).toBe(before);
  });
});
