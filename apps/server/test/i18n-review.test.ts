import { translateText } from '@srs/shared/i18n';
import { idempotencyKeyHeader, idempotencyMessages, stillSavingField } from '@srs/shared/messages';
import { spanishTexts } from '@srs/shared/spanish-texts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalText } from '../src/plugins/errors.ts';
import { idempotentWrites, users } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createNetwork, enroll, type Network, offer } from './support/factories.ts';

// A security review of the languages (issue 29): what a translated answer must not change.

const mexican = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };
const varies = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('texts found by their English: only the catalogue’s own entries', () => {
  it('a text named like an object’s machinery stays itself, never a function or an object', () => {
    for (const text of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      expect(translateText(text, spanishTexts)).toBe(text);
      expect(refusalText(text, 'es')).toBe(text);
    }
    // What is in the catalogue is still found, by its text and by its pattern.
    expect(translateText('This field is required', spanishTexts)).toBe('Este campo es obligatorio');
    expect(translateText('is too long (at most 1,000 characters)', spanishTexts)).toBe('es demasiado largo (1,000 caracteres como máximo)');
  });
});

describe('answers drawn in the browser’s language say so to caches', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('the provider’s password page varies by Accept-Language and is never stored', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/idp/password', headers: mexican });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(varies(page.headers.vary)).toContain('accept-language');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('the provider’s error page (oidc-provider renders it) varies by Accept-Language', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/idp/auth?client_id=nobody', headers: mexican });
    expect(page.body).toContain('<html lang="es">');
    expect(varies(page.headers.vary)).toContain('accept-language');
  });

  it('a refusal of a public route, said in the browser’s language, varies by Accept-Language', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/signup/schools', headers: mexican });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ query: ['Este campo es obligatorio'] });
    expect(varies(refused.headers.vary)).toContain('accept-language');
  });
});

describe('"still being saved" is known whatever language it is said in', () => {
  let t: TestContext;
  let net: Network;
  let enrollmentId: number;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
    const { course } = await createCourse(t.database.db, 3);
    await offer(t.database.db, course.id, net.schoolA.id);
    enrollmentId = (await enroll(t.database.db, net.studentA.id, course.id)).id;
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, net.instructorA.id));
  });
  afterAll(async () => t.close());

  it('carries its mark beside the Spanish sentence: a browser without the Spanish words still keeps the key', async () => {
    const body = { visits_attributes: [{ date: '2026-11-20', notes_attributes: [{ type: 'Note', text: 'Came by' }] }] };
    const put = async (key: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/enrollments/${enrollmentId}`,
        headers: { ...(await t.headersFor(net.instructorA.email)), [idempotencyKeyHeader]: key },
        payload: body,
      });
    // The fingerprint of this very request, from a first one with another key.
    expect((await put('probe')).statusCode).toBe(200);
    const [probe] = await t.database.db.select().from(idempotentWrites).where(eq(idempotentWrites.key, 'probe'));
    // A first copy claimed a minute ago, still running: neither answered nor written.
    await t.database.db.execute(
      sql`insert into idempotent_writes (user_id, route, key, fingerprint, created_at)
        values (${net.instructorA.id}, 'PUT /api/enrollments/:id', 'running', ${probe!.fingerprint}, now() - interval '1 minute')`,
    );
    const repeat = await put('running');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).not.toBe(idempotencyMessages.stillSaving);
    expect(repeat.json()).toEqual({ error: refusalText(idempotencyMessages.stillSaving, 'es'), [stillSavingField]: true });
  }, 40_000);
});
