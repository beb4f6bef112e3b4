import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  clientFor,
  createDecisionOptions,
  createProductOffer,
  createSeminar,
  versionsOf,
} from './support/enrollment-factories.ts';
import { createCourse, createNetwork, deliver, enroll, type Network, offer } from './support/factories.ts';

type Item = { id: number; name: string; active?: boolean; uses_count?: number; position?: number };
type Product = { id: number; name: string; default_price: string; active: boolean; other_series_count?: number };

describe('series catalogue: lessons, decision options and products', () => {
  let t: TestContext;
  let net: Network;
  const db = () => t.database.db;
  const admin = () => clientFor(t, net.globalAdmin.email);
  const list = async <T = Item>(seriesId: number, what: string, all = true) =>
    (await admin().get(`/api/series/${seriesId}/${what}${all ? '?all=true' : ''}`)).json()[what] as T[];

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
  });
  afterAll(async () => t.close());

  it('adds, renames, reorders and removes lessons; a lesson sent is kept with its count', async () => {
    const { course, lessons } = await createCourse(db(), 3);
    await offer(db(), course.id, net.schoolA.id);
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    await deliver(db(), enrollment.id, lessons[1]!.id, { dateSent: '2026-01-02' });
    const [one, two, three] = lessons.map((lesson) => lesson.id);
    const saved = await admin().put(`/api/series/${course.id}`, {
      episodes: [
        { id: three, name: 'Third first' },
        { name: 'Brand new' },
        { id: one, name: 'Lesson 1' },
        { id: two, name: 'Lesson 2' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().episodes_count).toBe(4);
    expect((await list(course.id, 'episodes')).map((e) => [e.position, e.name, e.uses_count])).toEqual([
      [1, 'Third first', 0],
      [2, 'Brand new', 0],
      [3, 'Lesson 1', 0],
      [4, 'Lesson 2', 1],
    ]);
    const refused = await admin().put(`/api/series/${course.id}`, {
      episodes: [{ id: two, name: 'Lesson 2', _destroy: true }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(['Lesson "Lesson 2" cannot be removed: 1 lesson sent holds it']);
    const removed = await admin().put(`/api/series/${course.id}`, {
      episodes: [{ id: one, name: 'Lesson 1', _destroy: true }],
    });
    expect(removed.statusCode).toBe(200);
    // The lessons the list leaves out keep their order after it.
    expect((await list(course.id, 'episodes')).map((e) => e.name)).toEqual(['Third first', 'Brand new', 'Lesson 2']);
    expect((await versionsOf(db(), 'Episode', one!)).map((v) => v.event)).toEqual(['update', 'destroy']);
    expect((await versionsOf(db(), 'Episode', three!)).map((v) => v.event)).toEqual(['update']);
  });

  it('refuses ids of another series and bad items with 422', async () => {
    const { course } = await createCourse(db(), 1);
    const { lessons: foreign } = await createCourse(db(), 1);
    const other = await admin().put(`/api/series/${course.id}`, { episodes: [{ id: foreign[0]!.id, name: 'X' }] });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual([`Lesson ${foreign[0]!.id} is not part of this series`]);
    const blank = await admin().put(`/api/series/${course.id}`, { episodes: [{ name: '' }] });
    expect(blank.json()).toEqual({ name: ['This field is required'] });
    const price = await admin().put(`/api/series/${course.id}`, { products: [{ name: 'P', default_price: '1.234' }] });
    expect(price.statusCode).toBe(422);
    expect(price.json()).toEqual({ default_price: ['is not valid'] });
    const negative = await admin().put(`/api/series/${course.id}`, { products: [{ name: 'P', default_price: -1 }] });
    expect(negative.json()).toEqual({ default_price: ['must be at least 0'] });
    // Two lessons or options of one series never share a name, whatever its case and spaces.
    const twice = await admin().put(`/api/series/${course.id}`, { episodes: [{ name: 'Baptism' }, { name: ' baptism ' }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({ name: ['has already been taken'] });
    const options = await admin().put(`/api/series/${course.id}`, { decision_options: [{ name: 'Pray' }, { name: 'PRAY' }] });
    expect(options.json()).toEqual({ name: ['has already been taken'] });
    const removedOne = await admin().put(`/api/series/${course.id}`, {
      decision_options: [{ name: 'Pray' }, { name: 'Pray', _destroy: true }],
    });
    expect(removedOne.statusCode).toBe(200);
  });

  it('saves presentations with a date and time', async () => {
    const { seminar, presentations } = await createSeminar(db(), net.schoolA.id, 1);
    const saved = await clientFor(t, net.schoolAdminA.email).put(`/api/series/${seminar.id}`, {
      episodes: [
        { id: presentations[0]!.id, name: 'Opening', date: '2026-05-01', time: '18:00' },
        { name: 'Second', date: '2026-05-02', time: null },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(await list(seminar.id, 'episodes')).toMatchObject([
      { name: 'Opening', date: '2026-05-01', time: '18:00' },
      { name: 'Second', date: '2026-05-02', time: null },
    ]);
    const badTime = await clientFor(t, net.schoolAdminA.email).put(`/api/series/${seminar.id}`, {
      episodes: [{ name: 'Late', time: '25:00' }],
    });
    expect(badTime.json()).toEqual({ time: ['is not valid'] });
  });

  it('retires a decision option in use, deletes an unused one, and the pickers show only active ones', async () => {
    const { course, lessons } = await createCourse(db(), 1);
    await offer(db(), course.id, net.schoolA.id);
    const [used, unused, kept] = await createDecisionOptions(db(), course.id, ['Used', 'Unused', 'Kept']);
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    const delivery = await deliver(db(), enrollment.id, lessons[0]!.id, { dateSent: '2026-01-02' });
    await t.database.query(
      'insert into decisions (decision_option_id, cached_enrollment_id, episode_delivery_id) values ($1, $2, $3)',
      [used!.id, enrollment.id, delivery.id],
    );
    const refused = await admin().put(`/api/series/${course.id}`, {
      decision_options: [{ id: used!.id, name: 'Used', _destroy: true }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(['Decision option "Used" cannot be removed: 1 decision holds it. Retire it instead']);
    const saved = await admin().put(`/api/series/${course.id}`, {
      decision_options: [
        { id: kept!.id, name: 'Kept renamed' },
        { id: used!.id, name: 'Used', active: false },
        { id: unused!.id, name: 'Unused', _destroy: true },
        { name: 'Added' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await list(course.id, 'decision_options')).map((o) => [o.name, o.active, o.uses_count])).toEqual([
      ['Kept renamed', true, 0],
      ['Used', false, 1],
      ['Added', true, 0],
    ]);
    const picker = await clientFor(t, net.instructorA.email).get(`/api/series/${course.id}/decision_options`);
    expect(picker.json().decision_options.map((o: Item) => o.name)).toEqual(['Kept renamed', 'Added']);
    expect(picker.json().decision_options[0].uses_count).toBeUndefined();
    expect((await versionsOf(db(), 'DecisionOption', unused!.id)).map((v) => v.event)).toEqual(['destroy']);
  });

  it('keeps products: add with a price, reorder, retire one in use, refuse its removal with the count', async () => {
    const { course } = await createCourse(db(), 1);
    await offer(db(), course.id, net.schoolA.id);
    const bible = await createProductOffer(db(), course.id, { name: 'Bible', defaultPrice: '10.00' });
    const tract = await createProductOffer(db(), course.id, { name: 'Tract', defaultPrice: '0.50' });
    const enrollment = await enroll(db(), net.studentA.id, course.id);
    await t.database.query(
      `insert into product_deliveries (enrollment_id, product_offer_id, delivered_at, price) values ($1, $2, '2026-01-01', 10)`,
      [enrollment.id, bible.id],
    );
    const refused = await admin().put(`/api/series/${course.id}`, {
      products: [{ product_offer_id: bible.id, name: 'Bible', default_price: '10', _destroy: true }],
    });
    expect(refused.json()).toEqual(['Product "Bible" cannot be removed: 1 delivery holds it. Retire it instead']);
    const saved = await admin().put(`/api/series/${course.id}`, {
      products: [
        { name: 'Bookmark', default_price: '1.5' },
        { product_offer_id: tract.id, name: 'Tract', default_price: 0.5, _destroy: true },
        { product_offer_id: bible.id, name: 'Bible', default_price: '12.00', active: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const all = await list<Product>(course.id, 'products');
    expect(all.map((p) => [p.name, p.default_price, p.active])).toEqual([
      ['Bookmark', '1.50', true],
      ['Bible', '12.00', false],
    ]);
    const picker = await clientFor(t, net.instructorA.email).get(`/api/series/${course.id}/products`);
    expect(picker.json().products.map((p: Product) => p.name)).toEqual(['Bookmark']);
    // The unused offer no series carries any more is gone, with its version.
    expect((await versionsOf(db(), 'ProductOffer', tract.id)).map((v) => v.event)).toEqual(['destroy']);
  });

  it('changes a shared offer everywhere for a global admin, and copies it for a seminar host', async () => {
    const { course } = await createCourse(db(), 1);
    const { seminar } = await createSeminar(db(), net.schoolA.id, 1);
    const shared = await createProductOffer(db(), course.id, { name: 'Shared', defaultPrice: '2.00' });
    await t.database.query('insert into series_products (series_id, product_offer_id) values ($1, $2)', [
      seminar.id,
      shared.id,
    ]);
    expect((await list<Product>(course.id, 'products'))[0]?.other_series_count).toBe(1);
    await admin().put(`/api/series/${course.id}`, {
      products: [{ product_offer_id: shared.id, name: 'Shared', default_price: '3.00' }],
    });
    expect((await list<Product>(seminar.id, 'products'))[0]).toMatchObject({ id: shared.id, default_price: '3.00' });
    const host = clientFor(t, net.schoolAdminA.email);
    const copied = await host.put(`/api/series/${seminar.id}`, {
      products: [{ product_offer_id: shared.id, name: 'Seminar edition', default_price: '4.00' }],
    });
    expect(copied.statusCode).toBe(200);
    const seminarProducts = await list<Product>(seminar.id, 'products');
    expect(seminarProducts).toMatchObject([{ name: 'Seminar edition', default_price: '4.00' }]);
    expect(seminarProducts[0]!.id).not.toBe(shared.id);
    expect((await list<Product>(course.id, 'products'))[0]).toMatchObject({ id: shared.id, name: 'Shared' });
  });

  it('puts priority courses first in simple_list', async () => {
    const tag = `#${Date.now()}`;
    const { course: plain } = await createCourse(db(), 1, { name: `Aaa ${tag}` });
    const { course: first } = await createCourse(db(), 1, { name: `Zzz ${tag}` });
    await admin().put(`/api/series/${first.id}`, { priority: true });
    const found = (await admin().get('/api/series/simple_list?type=Course')).json().series as Item[];
    expect(found.filter((s) => s.name.includes(tag)).map((s) => s.id)).toEqual([first.id, plain.id]);
  });
});
