import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCache } from '../src/auth/session-cache.ts';
import { createTokenService } from '../src/auth/tokens.ts';
import { visibleIds } from '../src/core/records.ts';
import { auth } from '../src/plugins/auth.ts';
import { recordScope } from '../src/plugins/record-scope.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor } from './support/enrollment-factories.ts';
import { createCourse, createNetwork, enroll, type Network, offer, share } from './support/factories.ts';

describe('scope by construction: a route names its record, and the record is checked before the handler', () => {
  let t: TestContext;
  let net: Network;
  let enrollmentB: number;
  let courseB: number;
  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
    const { course } = await createCourse(t.database.db, 2);
    await offer(t.database.db, course.id, net.schoolB.id);
    courseB = course.id;
    enrollmentB = (await enroll(t.database.db, net.studentB.id, course.id)).id;
  });
  afterAll(async () => t.close());

  /** An app with only the sign-in and record-scope plugins, to see what start-up accepts. */
  async function bareApp() {
    const app = Fastify();
    const sessions = await createSessionCache(t.database);
    app.addHook('onClose', async () => sessions.close());
    await app.register(auth, {
      db: t.database.db,
      tokens: await createTokenService(t.database.db, { TOKEN_TTL_MINUTES: 5 }),
      sessions,
    });
    await app.register(recordScope, { db: t.database.db });
    return app;
  }

  it('refuses to start when a path parameter declares neither a record nor why it is none', async () => {
    const app = await bareApp();
    const roles = ['instructor'] as const;
    expect(() => app.get('/api/things/:id', { config: { roles } }, async () => 'x')).toThrow(/declares no config\.record/);
    expect(() => app.get('/api/things/:id/a', { config: { roles, record: { none: ' ' } } }, async () => 'x')).toThrow(
      /without a reason/,
    );
    expect(() =>
      app.get('/api/schools/:school_id/students/:id', { config: { roles, record: 'student' } }, async () => 'x'),
    ).toThrow(/names the record by :id and nothing else/);
    expect(() => app.get('/api/things/:id/b', { config: { public: true, record: 'student' } }, async () => 'x')).toThrow(
      /is public/,
    );
    // A declared record, or a reason why the parameter is none, starts.
    app.get('/api/things/:id/c', { config: { roles, record: 'student' } }, async () => 'x');
    app.get('/api/things/:code/d', { config: { roles, record: { none: 'a lookup code, not a record' } } }, async () => 'x');
    await app.close();
  });

  it('answers 404 to a write outside the scope whatever its body, and 422 to the same body inside it', async () => {
    const instructor = clientFor(t, net.instructorA.email);
    const badProfile = { first_name: '', zip_code: 12 };
    expect((await instructor.put(`/api/students/${net.studentB.id}`, badProfile)).statusCode).toBe(404);
    expect((await instructor.put(`/api/students/${net.studentA.id}`, badProfile)).statusCode).toBe(422);
    const badStatus = { status: 'Sleeping' };
    const outside = await instructor.put(`/api/enrollments/${enrollmentB}`, badStatus);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ error: 'Enrollment not found' });
    expect((await clientFor(t, net.instructorB.email).put(`/api/enrollments/${enrollmentB}`, badStatus)).statusCode).toBe(
      422,
    );
  });

  it('keeps a path id that is not a positive whole number a 422 of validation, before any scope question', async () => {
    const admin = clientFor(t, net.globalAdmin.email);
    for (const id of ['0', '-1', 'abc', '1.5']) {
      const response = await admin.get(`/api/students/${id}`);
      expect(response.statusCode, id).toBe(422);
      expect(response.json()).toEqual({ id: ['is not valid'] });
    }
  });

  it('defines each kind of record in the scope once: the same ids come back for reads of any route', async () => {
    const db = t.database.db;
    const instructorA = await actorOfUser(db, net.instructorA.id);
    const schoolAdminA = await actorOfUser(db, net.schoolAdminA.id);
    const students = [net.studentA.id, net.studentA2.id, net.studentB.id];
    expect(await visibleIds(db, instructorA.scope, 'student', students)).toEqual([net.studentA.id]);
    await share(db, net.studentB.id, net.instructorA.id);
    expect((await visibleIds(db, instructorA.scope, 'student', students)).sort()).toEqual(
      [net.studentA.id, net.studentB.id].sort(),
    );
    // A series is read through a student the user sees, even when no school of theirs offers it.
    expect(await visibleIds(db, instructorA.scope, 'series', [courseB])).toEqual([courseB]);
    expect(await visibleIds(db, schoolAdminA.scope, 'series', [courseB])).toEqual([]);
    expect(await visibleIds(db, instructorA.scope, 'school', [net.schoolA.id, net.schoolB.id])).toEqual([net.schoolA.id]);
    // Users: the people of the schools and conferences one administers, and oneself.
    const users = [net.instructorA.id, net.instructorB.id, net.schoolAdminA.id];
    expect((await visibleIds(db, schoolAdminA.scope, 'user', users)).sort()).toEqual(
      [net.instructorA.id, net.schoolAdminA.id].sort(),
    );
    expect(await visibleIds(db, instructorA.scope, 'user', users)).toEqual([net.instructorA.id]);
  });

});
