import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { episodeDeliveries, productDeliveries, reminders, visits } from '../src/db/schema/index.ts';
import { clientFor, createDecisionOptions, versionCount } from './support/enrollment-factories.ts';
import { createCourse, createUser, enroll } from './support/factories.ts';
import { useNestedUpdateFixture } from './support/nested-update.ts';

describe('PUT /api/enrollments/:id — refusals and rollback', () => {
  const f = useNestedUpdateFixture();
  const db = () => f.t.database.db;
  const put = (body: unknown, id?: number) => f.put(body, id);

  it('answers 401 signed out, 403 without a role, 404 out of scope like a missing one', async () => {
    expect((await clientFor(f.t, null).put(`/api/enrollments/${f.enrollmentId}`, {})).statusCode).toBe(401);
    const noRole = await createUser(db(), null);
    expect((await clientFor(f.t, noRole.email).put(`/api/enrollments/${f.enrollmentId}`, {})).statusCode).toBe(403);
    const other = clientFor(f.t, f.net.instructorB.email);
    const body = { visits_attributes: [{ date: '2026-01-01' }] };
    const outOfScope = await other.put(`/api/enrollments/${f.enrollmentId}`, body);
    const missing = await other.put('/api/enrollments/999999999', body);
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect(await db().select().from(visits).where(eq(visits.enrollmentId, f.enrollmentId))).toEqual([]);
  });

  it('answers 422 in SPEC shapes for bad nested input', async () => {
    const cases: [unknown, unknown][] = [
      [{ visits_attributes: [{ date: '2026-02-30' }] }, { date: ['Date input not valid.'] }],
      [{ visits_attributes: [{}] }, { date: ['This field is required'] }],
      [{ reminders_attributes: [{ notes_attributes: [] }] }, { date: ['This field is required'] }],
      [{ episode_deliveries_attributes: [{ episode_id: f.lessonIds[0] }] }, ['Sent or Received date is required']],
      [
        { episode_deliveries_attributes: [{ episode_id: f.lessonIds[0], date_sent: null, date_completed: null }] },
        ['Sent or Received date is required'],
      ],
      [{ episode_deliveries_attributes: [{ date_sent: '2026-01-01' }] }, { episode_id: ['This field is required'] }],
      // A lesson comes back after it went out.
      [
        { episode_deliveries_attributes: [{ episode_id: f.lessonIds[0], date_sent: '2026-03-15', date_completed: '2026-03-01' }] },
        { date_completed: ['must not be before the sent date'] },
      ],
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
        { product_deliveries_attributes: [{ product_id: f.productId, delivered_at: '2026-01-01', price: -1 }] },
        { price: [expect.any(String)] },
      ],
      [{ product_deliveries_attributes: [{ product_id: f.productId }] }, { delivered_at: ['This field is required'] }],
      [{ attendances_attributes: [{ episode_id: f.lessonIds[0] }] }, { attendances: [expect.any(String)] }],
    ];
    for (const [body, expected] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json(), JSON.stringify(body)).toEqual(expected);
    }
  });

  it("words every length and range limit as 'Field name message' pieces, never zod's own wording", async () => {
    const product = (fields: object) => ({
      product_deliveries_attributes: [{ product_id: f.productId, delivered_at: '2026-01-01', ...fields }],
    });
    const cases: [unknown, unknown][] = [
      [
        { visits_attributes: [{ date: '2026-01-01', notes_attributes: [{ type: 'Note', text: 'x'.repeat(5001) }] }] },
        { text: ['is too long (at most 5,000 characters)'] },
      ],
      [product({ quantity: 99999999999999 }), { quantity: ['must be at most 100,000'] }],
      [product({ quantity: 0 }), { quantity: ['must be at least 1'] }],
      [product({ price: 99999999999 }), { price: ['must be at most 1,000,000'] }],
      [product({ price: -1 }), { price: ['must be at least 0'] }],
      [product({ visitor_name: 'v'.repeat(201) }), { visitor_name: ['is too long (at most 200 characters)'] }],
      [
        { visits_attributes: Array.from({ length: 101 }, () => ({ date: '2026-01-01' })) },
        { visits_attributes: ['has too many entries (at most 100)'] },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(response.json(), JSON.stringify(body).slice(0, 200)).toEqual(expected);
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
      product_deliveries_attributes: [{ product_id: f.otherProductId, delivered_at: '2026-01-01' }],
    });
    expect(product.statusCode).toBe(422);
    expect(product.json()).toEqual({ product_id: ['is not a product of this series'] });
  });

  it("answers 404 for another enrollment's record and writes nothing", async () => {
    const otherEnrollment = await enroll(db(), f.net.studentA2.id, f.courseId);
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
    expect(await db().select().from(visits).where(eq(visits.enrollmentId, f.enrollmentId))).toEqual([]);
    expect(await versionCount(db())).toBe(before);
  });

  it('rolls everything back when a late item is invalid', async () => {
    const before = await versionCount(db());
    const response = await put({
      visits_attributes: [
        { date: '2026-01-01', notes_attributes: [{ type: 'Note', text: 'first' }] },
        { date: '2026-01-02' },
      ],
      episode_deliveries_attributes: [{ episode_id: f.lessonIds[0], date_sent: '2026-01-01' }],
      product_deliveries_attributes: [{ product_id: f.productId, delivered_at: '2026-01-01' }],
      reminders_attributes: [{ date: '2026-01-03' }, { notes_attributes: [] }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ date: ['This field is required'] });
    for (const table of [visits, episodeDeliveries, productDeliveries, reminders]) {
      expect(await db().select().from(table).where(eq(table.enrollmentId, f.enrollmentId))).toEqual([]);
    }
    expect(await versionCount(db())).toBe(before);
  });
});
