import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import {
  clientFor,
  createDecisionOptions,
  createProductOffer,
  createSeminar,
} from './support/enrollment-factories.ts';
import {
  createCourse,
  createNetwork,
  createStudent,
  createUser,
  enroll,
  type Network,
  offer,
  share,
} from './support/factories.ts';

type Option = { id: number; name: string; type: string; priority: boolean };

describe('series lookups', () => {
  let t: TestContext;
  let net: Network;
  let tag: string;
  let priorityCourse: { id: number };
  let plainCourse: { id: number };
  let otherCourse: { id: number };
  let heldSeminar: { id: number };
  let participatingSeminar: { id: number };
  const db = () => t.database.db;
  const createStudentIn = (schoolId: number, instructorId: number) => createStudent(db(), { schoolId, instructorId });
  const names = async (email: string, query: string) => {
    const response = await clientFor(t, email).get(`/api/series/simple_list${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json().series as Option[]).filter((s) => s.name.includes(tag)).map((s) => s.name);
  };

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(db());
    tag = `#${Date.now()}`;
    priorityCourse = (await createCourse(db(), 3, { name: `Zeta ${tag}`, priority: true })).course;
    plainCourse = (await createCourse(db(), 1, { name: `Alpha ${tag}` })).course;
    otherCourse = (await createCourse(db(), 1, { name: `Beta ${tag}` })).course;
    const retired = (await createCourse(db(), 1, { name: `Retired ${tag}`, active: false })).course;
    for (const course of [priorityCourse, plainCourse, retired]) await offer(db(), course.id, net.schoolA.id);
    await offer(db(), otherCourse.id, net.schoolB.id);
    heldSeminar = (await createSeminar(db(), net.schoolA.id, 1, { name: `Gamma ${tag}` })).seminar;
    participatingSeminar = (await createSeminar(db(), net.schoolB.id, 1, { name: `Delta ${tag}` })).seminar;
    await offer(db(), participatingSeminar.id, net.schoolA.id);
  });
  afterAll(async () => t.close());

  it('answers 401 signed out and 403 without a role', async () => {
    const noRole = await createUser(db(), null);
    for (const url of [
      '/api/series/simple_list',
      `/api/series/${plainCourse.id}/episodes`,
      `/api/series/${plainCourse.id}/decision_options`,
      `/api/series/${plainCourse.id}/products`,
    ]) {
      expect((await clientFor(t, null).get(url)).statusCode).toBe(401);
      expect((await clientFor(t, noRole.email).get(url)).statusCode).toBe(403);
    }
  });

  it('lists the active series the user may see, priority first, then by name', async () => {
    expect(await names(net.instructorA.email, '')).toEqual([
      `Zeta ${tag}`,
      `Alpha ${tag}`,
      `Delta ${tag}`,
      `Gamma ${tag}`,
    ]);
    expect(await names(net.instructorA.email, '?type=Course')).toEqual([`Zeta ${tag}`, `Alpha ${tag}`]);
    expect(await names(net.instructorA.email, '?type=Seminar')).toEqual([`Delta ${tag}`, `Gamma ${tag}`]);
    expect(await names(net.instructorB.email, '')).toEqual([`Beta ${tag}`, `Delta ${tag}`]);
    const response = await clientFor(t, net.instructorA.email).get('/api/series/simple_list?type=Course');
    expect(response.json().series[0]).toEqual({
      id: priorityCourse.id,
      name: `Zeta ${tag}`,
      type: 'Course',
      priority: true,
    });
  });

  it('keeps the series a school offers or holds; a school out of scope is a 404 like a missing one', async () => {
    expect(await names(net.globalAdmin.email, `?school_id=${net.schoolB.id}`)).toEqual([`Beta ${tag}`, `Delta ${tag}`]);
    expect(await names(net.schoolAdminA.email, `?school_id=${net.schoolA.id}&type=Seminar`)).toEqual([
      `Delta ${tag}`,
      `Gamma ${tag}`,
    ]);
    const client = clientFor(t, net.instructorA.email);
    const outOfScope = await client.get(`/api/series/simple_list?school_id=${net.schoolB.id}`);
    const missing = await client.get('/api/series/simple_list?school_id=999999999');
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect((await client.get('/api/series/simple_list?type=Lecture')).statusCode).toBe(422);
    expect((await client.get('/api/series/simple_list?school_id=abc')).statusCode).toBe(422);
  });

  it("keeps what a visible student's school offers or holds, also for a student shared from another school", async () => {
    const byStudent = `?student_id=${net.studentA.id}`;
    const all = [`Zeta ${tag}`, `Alpha ${tag}`, `Delta ${tag}`, `Gamma ${tag}`];
    expect(await names(net.instructorA.email, byStudent)).toEqual(all);
    expect(await names(net.instructorA.email, `${byStudent}&type=Course`)).toEqual([`Zeta ${tag}`, `Alpha ${tag}`]);
    const outsider = clientFor(t, net.instructorB.email);
    const outOfScope = await outsider.get(`/api/series/simple_list${byStudent}`);
    const missing = await outsider.get('/api/series/simple_list?student_id=999999999');
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    const sharedStudent = (await createStudentIn(net.schoolA.id, net.instructorA.id)).id;
    await share(db(), sharedStudent, net.instructorB.id);
    // Not what instructor B's own school offers: what the shared student's school offers.
    expect(await names(net.instructorB.email, `?student_id=${sharedStudent}`)).toEqual(all);
    expect((await outsider.get('/api/series/simple_list?student_id=abc')).statusCode).toBe(422);
  });

  it('answers the episodes, decision options and active products of a visible series in order', async () => {
    await createDecisionOptions(db(), priorityCourse.id, ['Accept Jesus', 'Baptism']);
    await createProductOffer(db(), priorityCourse.id, { name: 'Study Bible', defaultPrice: '12.5' });
    await createProductOffer(db(), priorityCourse.id, { name: 'Old tract', active: false });
    await createProductOffer(db(), priorityCourse.id, { name: 'Bookmark', defaultPrice: '0' });
    const client = clientFor(t, net.instructorA.email);
    const episodes = await client.get(`/api/series/${priorityCourse.id}/episodes`);
    expect(episodes.statusCode).toBe(200);
    expect(episodes.json().episodes).toMatchObject([
      { position: 1, name: 'Lesson 1', date: null, time: null },
      { position: 2, name: 'Lesson 2' },
      { position: 3, name: 'Lesson 3' },
    ]);
    const options = await client.get(`/api/series/${priorityCourse.id}/decision_options`);
    expect(options.json().decision_options).toMatchObject([
      { name: 'Accept Jesus', position: 1 },
      { name: 'Baptism', position: 2 },
    ]);
    const products = await client.get(`/api/series/${priorityCourse.id}/products`);
    expect(products.json().products).toMatchObject([
      { name: 'Bookmark', default_price: '0.00' },
      { name: 'Study Bible', default_price: '12.50' },
    ]);
    const presentations = await client.get(`/api/series/${heldSeminar.id}/episodes`);
    expect(presentations.json().episodes).toMatchObject([{ date: '2026-03-01', time: '19:30' }]);
  });

  it('answers 404 for a series out of scope like a missing one, unless a visible student is enrolled in it', async () => {
    const client = clientFor(t, net.instructorB.email);
    for (const lookup of ['episodes', 'decision_options', 'products']) {
      const outOfScope = await client.get(`/api/series/${plainCourse.id}/${lookup}`);
      const missing = await client.get(`/api/series/999999999/${lookup}`);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
    }
    await enroll(db(), net.studentA2.id, plainCourse.id);
    await share(db(), net.studentA2.id, net.instructorB.id);
    for (const lookup of ['episodes', 'decision_options', 'products']) {
      expect((await client.get(`/api/series/${plainCourse.id}/${lookup}`)).statusCode).toBe(200);
    }
    expect((await client.get(`/api/series/${otherCourse.id}/episodes`)).statusCode).toBe(200);
    expect((await client.get('/api/series/abc/episodes')).statusCode).toBe(422);
  });
});
