import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decisions, episodeDeliveries, notes, productDeliveries, reminders } from '../src/db/schema/index.ts';
import { versionsOf } from './support/enrollment-factories.ts';
import { useNestedUpdateFixture } from './support/nested-update.ts';

describe('PUT /api/enrollments/:id — nested records', () => {
  const f = useNestedUpdateFixture();
  const db = () => f.t.database.db;
  const put = (body: unknown, id?: number) => f.put(body, id);

  it('creates, updates and destroys visits with their decisions and notes, with versions', async () => {
    const created = await put({
      visits_attributes: [
        {
          date: '2026-01-05',
          decisions_attributes: [{ decision_option_id: f.optionIds[0] }],
          notes_attributes: [{ type: 'PrayerRequest', text: 'For my mother' }],
        },
      ],
    });
    expect(created.statusCode).toBe(200);
    const [visit] = created.json().visits;
    expect(visit).toMatchObject({
      date: '2026-01-05',
      visitor: { id: f.net.instructorA.id },
      decisions: [{ decision_option_id: f.optionIds[0] }],
      notes: [{ type: 'PrayerRequest', text: 'For my mother', author: { id: f.net.instructorA.id } }],
    });
    const [noteRow] = await db().select().from(notes).where(eq(notes.visitId, visit.id));
    expect(noteRow).toMatchObject({ studentId: f.net.studentA.id, cachedEnrollmentId: f.enrollmentId });
    const [decisionRow] = await db().select().from(decisions).where(eq(decisions.visitId, visit.id));
    expect(decisionRow).toMatchObject({ cachedEnrollmentId: f.enrollmentId });
    expect(await versionsOf(db(), 'Visit', visit.id)).toMatchObject([{ event: 'create', whodunnit: f.net.instructorA.id }]);
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
      episode_deliveries_attributes: [{ episode_id: f.lessonIds[0], date_sent: '2026-01-03', delivery_type: 'PO' }],
    });
    expect(sent.statusCode).toBe(200);
    const [delivery] = sent.json().episode_deliveries;
    expect(delivery).toMatchObject({ episode_position: 1, date_sent: '2026-01-03', date_completed: null });
    const again = await put({ episode_deliveries_attributes: [{ episode_id: f.lessonIds[0], date_sent: '2026-01-04' }] });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ lesson: ['has already been sent for this enrollment'] });
    const twice = await put({
      episode_deliveries_attributes: [
        { episode_id: f.lessonIds[1], date_sent: '2026-01-04' },
        { episode_id: f.lessonIds[1], date_sent: '2026-01-05' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    const received = await put({
      episode_deliveries_attributes: [
        { id: delivery.id, date_completed: '2026-01-09', grading_instructor_id: f.net.otherInstructorA.id },
      ],
    });
    expect(received.json().episode_deliveries[0]).toMatchObject({
      date_sent: '2026-01-03',
      date_completed: '2026-01-09',
      grading_instructor_id: f.net.otherInstructorA.id,
    });
    const badGrader = await put({
      episode_deliveries_attributes: [{ id: delivery.id, grading_instructor_id: f.net.instructorB.id }],
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
          episode_id: f.lessonIds[0],
          date_sent: '2026-01-03',
          decisions_attributes: [{ decision_option_id: f.optionIds[0] }, { decision_option_id: f.optionIds[1] }],
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
            { decision_option_id: f.optionIds[0] },
            { id: unticked!.id, _destroy: true },
            { decision_option_id: f.optionIds[2] },
          ],
        },
      ],
    });
    expect(second.statusCode).toBe(200);
    const after = second.json().episode_deliveries[0].decisions as { id: number; decision_option_id: number }[];
    expect(after.map((d) => d.decision_option_id)).toEqual([f.optionIds[0], f.optionIds[2]]);
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
    expect(row!.createdById).toBe(f.net.instructorA.id);
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
        { product_id: f.productId, delivered_at: '2026-01-10', price: null, visitor_name: 'Ann' },
        { product_id: f.productId, delivered_at: '2026-01-11', quantity: 3, price: 2.5, delivery_type: 'PD' },
        { product_id: f.productId, delivered_at: '2026-01-09', price: '' },
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
});
