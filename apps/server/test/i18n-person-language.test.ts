import { messages } from '@srs/shared/messages';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordMessages } from '../src/auth/password-rules.ts';
import { createWelcomeLink } from '../src/auth/welcome-link.ts';
import { databaseUnreachable, serverBusy } from '../src/db/unreachable.ts';
import { refusalText } from '../src/plugins/errors.ts';
import type { App } from '../src/types.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { signInThroughProvider } from './support/browser.ts';
import { createInstructorWithPassword, createSchool, createUser } from './support/factories.ts';
import { outboxTo } from './support/student-factories.ts';

// The person's language (issue 29): chosen in My Account and kept in users.language, carried by
// their session; else their browser's Accept-Language. The server's refusals and the built-in
// provider's pages speak it.

const mexican = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };

describe('the language a person chose: PATCH /api/users/update_current, their token and their refusals', () => {
  let t: TestContext;
  let email: string;
  let id: number;
  const patch = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/update_current', payload: body, headers: { ...(await t.headersFor(email)), ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    const school = await createSchool(t.database.db);
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id });
    ({ email, id } = user);
  });
  afterAll(async () => t.close());

  it('is none at first, is kept and shown once chosen, and is recorded in the versions like the name', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: await t.headersFor(email) });
    expect(before.json().language).toBeNull();
    const chosen = await patch({ language: 'es' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('es');
    const after = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: await t.headersFor(email) });
    expect(after.json().language).toBe('es');
    const [row] = await t.database.query<{ language: string }>('select language from users where id = $1', [id]);
    expect(row?.language).toBe('es');
    const versions = await t.database.query<{ object_changes: Record<string, unknown> }>(
      `select object_changes from versions where item_type = 'User' and item_id = $1 order by id`,
      [id],
    );
    expect(versions.at(-1)?.object_changes).toHaveProperty('language', [null, 'es']);
  });

  it('refuses a language it does not speak with the usual 422, in the person’s language', async () => {
    await patch({ language: 'en' });
    const english = await patch({ language: 'fr' });
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({ language: ['is not valid'] });
    await patch({ language: 'es' });
    const spanish = await patch({ language: 'fr' });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json()).toEqual({ language: ['no es válido'] });
  });

  it('is carried by the app token’s user', async () => {
    await patch({ language: 'es' });
    expect(decodeJwt(await t.tokenFor(email)).user).toMatchObject({ id, language: 'es' });
    await patch({ language: null });
    expect(decodeJwt(await t.tokenFor(email)).user).toMatchObject({ id, language: null });
  });

  it('speaks the person’s language from the very next call, whatever the browser asks', async () => {
    const headers = await t.headersFor(email);
    const blank = () => t.app.inject({ method: 'PATCH', url: '/api/users/update_current', payload: { first_name: '' }, headers });
    await patch({ language: 'es' });
    expect((await blank()).json()).toEqual({ first_name: ['Este campo es obligatorio'] });
    await patch({ language: 'en' });
    // English chosen: a browser asking Spanish changes nothing.
    const chosenEnglish = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      payload: { first_name: '', phone: 'x'.repeat(41) },
      headers: { ...headers, ...mexican },
    });
    expect(chosenEnglish.json()).toEqual({ first_name: [messages.fieldRequired], phone: ['is too long (at most 40 characters)'] });
  });

  it('with none chosen, follows the browser’s Accept-Language', async () => {
    await patch({ language: null });
    const spanish = await patch({ first_name: '', phone: 'x'.repeat(41) }, mexican);
    expect(spanish.json()).toEqual({ first_name: ['Este campo es obligatorio'], phone: ['es demasiado largo (40 caracteres como máximo)'] });
    const english = await patch({ first_name: '' }, { 'accept-language': 'fr-FR,de;q=0.8' });
    expect(english.json()).toEqual({ first_name: [messages.fieldRequired] });
  });

  it('says a refusal of SPEC section 8 in Spanish, but never the 401s that end a session', async () => {
    await patch({ language: 'es' });
    const forbidden = await t.app.inject({ method: 'POST', url: '/api/schools', payload: {}, headers: await t.headersFor(email) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'Usted no tiene autorización para acceder a esta página' });

    const gone = await createUser(t.database.db, { roleType: 'instructor', schoolId: (await createSchool(t.database.db)).id }, { language: 'es' });
    const headers = { ...(await t.headersFor(gone.email)), ...mexican };
    await t.database.query('update users set active = false where id = $1', [gone.id]);
    const ended = await t.app.inject({ method: 'GET', url: '/api/users/current', headers });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ error: messages.nilUser });
  });

  it('says a record out of reach and a call without sign-in in Spanish', async () => {
    await patch({ language: 'es' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/students/999999999', headers: await t.headersFor(email) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Estudiante no encontrado' });
    const school = await t.app.inject({ method: 'GET', url: '/api/schools/999999999', headers: await t.headersFor(email) });
    expect(school.json()).toEqual({ error: 'Escuela no encontrada' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: mexican });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'No ha iniciado sesión' });
  });

  it('says a wrong password locked out in Spanish, with how long to wait', async () => {
    const password = 'the current password 29';
    const owner = await createInstructorWithPassword(t.database.db, password, { language: 'es' });
    let last = { statusCode: 0, json: () => ({}) as unknown };
    for (let attempt = 0; attempt < 8 && last.statusCode !== 429; attempt += 1) {
      last = await t.app.inject({
        method: 'PATCH',
        url: '/api/change_password',
        headers: await t.headersFor(owner.email),
        payload: { current_password: 'not it at all', password: 'a brand new password 29' },
      });
    }
    expect(last.statusCode).toBe(429);
    expect((last.json() as { error: string }).error).toMatch(/^Demasiadas contraseñas incorrectas\. Espere \d+ minutos? e inténtelo de nuevo\.$/);
  });

  it('says the server’s own refusals in Spanish too: a new password’s problems, the database away', async () => {
    const password = 'the current password 29';
    const owner = await createInstructorWithPassword(t.database.db, password, { language: 'es' });
    const change = async (body: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url: '/api/change_password', headers: await t.headersFor(owner.email), payload: body });
    expect((await change({ current_password: password, password: 'short' })).json()).toEqual({
      password: ['es demasiado corto (12 caracteres como mínimo)'],
    });
    expect((await change({ current_password: password, password: owner.email })).json()).toEqual({
      password: ['no puede ser su dirección de correo electrónico'],
    });
    // Each English sentence of locales/errors.*.json is the one the server sends.
    const english = [databaseUnreachable.message, serverBusy.message, passwordMessages.oneCharacter, passwordMessages.isEmail, passwordMessages.common];
    for (const text of english) {
      expect(refusalText(text, 'en')).toBe(text);
      expect(refusalText(text, 'es')).not.toBe(text);
    }
    expect(refusalText(databaseUnreachable.message, 'es')).toBe(
      'No se puede acceder a la base de datos en este momento. Por favor, inténtelo de nuevo en un minuto.',
    );
  });

  it('answers a public call in the browser’s language', async () => {
    const spanish = await t.app.inject({ method: 'GET', url: '/api/signup/schools?query=a', headers: mexican });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json()).toEqual({ query: ['es demasiado corto (2 caracteres como mínimo)'] });
    const english = await t.app.inject({ method: 'GET', url: '/api/signup/schools?query=a' });
    expect(english.json()).toEqual({ query: ['is too short (at least 2 characters)'] });
  });
});

describe('the built-in provider’s pages in the person’s language', () => {
  let t: TestContext;
  /** The app as a browser set to Mexican Spanish reaches it. */
  let spanishBrowser: App;
  const password = 'long enough password 29';

  beforeAll(async () => {
    t = await createTestApp();
    spanishBrowser = {
      inject: (options: { headers?: Record<string, string> }) => t.app.inject({ ...options, headers: { ...options.headers, ...mexican } }),
    } as unknown as App;
  });
  afterAll(async () => t.close());

  it('draws the sign-in page in Spanish for Accept-Language es-MX, and in English as before otherwise', async () => {
    const spanish = await signInThroughProvider(spanishBrowser, 'instructor@demo.test', 'wrong-password');
    expect(spanish.loginPage.statusCode).toBe(401);
    expect(spanish.loginPage.body).toContain('<html lang="es">');
    for (const text of ['<h2>Iniciar sesión</h2>', 'Correo electrónico', 'Contraseña', 'Sistema de Registro de Estudiantes']) {
      expect(spanish.loginPage.body).toContain(text);
    }
    expect(spanish.loginPage.body).toContain('El correo electrónico o la contraseña no son correctos.');

    const english = await signInThroughProvider(t.app, 'instructor@demo.test', 'wrong-password');
    expect(english.loginPage.body).toContain('<html lang="en">');
    for (const text of ['<h2>Sign in</h2>', '<label for="email">Email</label>', 'Student Records System', 'Email or password is not correct.']) {
      expect(english.loginPage.body).toContain(text);
    }
  });

  it('asks for the second factor’s code in the person’s language once their password is right', async () => {
    const user = await createInstructorWithPassword(t.database.db, password, {
      language: 'es',
      mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      mfaEnabledAt: new Date(),
    });
    // A browser that asks for English: the person chose Spanish.
    const step = await signInThroughProvider(t.app, user.email, password);
    expect(step.loginPage.statusCode).toBe(200);
    expect(step.loginPage.body).toContain('<html lang="es">');
    expect(step.loginPage.body).toContain('<h2>Ingrese su código</h2>');
    const action = /action="([^"]+)"/.exec(step.loginPage.body)![1]!.replace(/&amp;/g, '&');
    const pending = /name="pending" value="([^"]+)"/.exec(step.loginPage.body)![1]!;
    const wrong = await step.browser.request('POST', action, { pending, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Ese código no es correcto. Pruebe con el código más reciente de su aplicación.');
  });

  it('draws the change-password page in the browser’s language', async () => {
    const page = await spanishBrowser.inject({ method: 'GET', url: '/idp/password' });
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('<h2>Cambiar contraseña</h2>');
    expect(page.body).toContain('Nueva contraseña (al menos 12 caracteres)');
  });

  it('draws the welcome link’s page in its user’s language, whatever the browser asks', async () => {
    const linkOf = async (language: 'en' | 'es' | null) => {
      const user = await createInstructorWithPassword(t.database.db, password, { language });
      const link = await createWelcomeLink(t.database.db, user.id, 'http://localhost:3000', true);
      return new URL(link.url).pathname;
    };
    const spanish = await linkOf('es');
    const page = await t.app.inject({ method: 'GET', url: spanish });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('<h2>Establezca su contraseña</h2>');
    expect(page.body).toContain('¡Le damos la bienvenida! Elija la contraseña con la que iniciará sesión.');
    const tooShort = await t.app.inject({
      method: 'POST',
      url: spanish,
      payload: new URLSearchParams({ password: 'short', password_confirmation: 'short' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.body).toContain('La nueva contraseña es demasiado corta (al menos 12 caracteres).');
    const set = await t.app.inject({
      method: 'POST',
      url: spanish,
      payload: new URLSearchParams({ password: 'a quiet harbour at dawn', password_confirmation: 'a quiet harbour at dawn' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Su contraseña quedó establecida.');
    // Used once: the page that says so speaks its user's language too.
    const used = await t.app.inject({ method: 'GET', url: spanish });
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('Este enlace ya fue usado');

    const english = await spanishBrowser.inject({ method: 'GET', url: await linkOf('en') });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h2>Set your password</h2>');
    const none = await spanishBrowser.inject({ method: 'GET', url: await linkOf(null) });
    expect(none.body).toContain('<h2>Establezca su contraseña</h2>');
    const unknown = await spanishBrowser.inject({ method: 'GET', url: '/idp/welcome/not-a-token' });
    expect(unknown.statusCode).toBe(410);
    expect(unknown.body).toContain('Este enlace no es válido');
  });
});

describe('a language an admin chooses for a new colleague (issue 29)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is kept with the account, shown to the admin, and speaks the welcome mail from the first', async () => {
    const school = await createSchool(t.database.db);
    const admin = await createUser(t.database.db, { roleType: 'school_admin', schoolId: school.id });
    const headers = await t.headersFor(admin.email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        first_name: 'Rosa',
        last_name: 'Pérez',
        email: `rosa.${school.id}@test.example`,
        language: 'es',
        roles: [{ role_type: 'instructor', organization_id: school.id }],
        send_welcome_email: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const shown = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers });
    expect(shown.json()).toMatchObject({ language: 'es' });
    const [welcome] = await outboxTo(t.database.db, `rosa.${school.id}@test.example`);
    expect(welcome?.subject).toBe('Le damos la bienvenida al Sistema de Registro de Estudiantes');

    // Back to her browser's language, by whoever may edit her.
    const changed = await t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload: { language: null } });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers })).json()).toMatchObject({ language: null });
  });

  it('is for whoever governs the account: an admin who shares one role with a colleague cannot set it', async () => {
    const school = await createSchool(t.database.db);
    const admin = await createUser(t.database.db, { roleType: 'school_admin', schoolId: school.id });
    // An instructor of the school who is also a conference admin: the school admin may edit her,
    // but could not grant her every role.
    const colleague = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id });
    await t.database.query(
      "insert into roles (user_id, role_type, conference_id) select $1, 'conference_admin', conference_id from schools where id = $2",
      [colleague.id, school.id],
    );
    const headers = await t.headersFor(admin.email);
    const refused = await t.app.inject({ method: 'PUT', url: `/api/users/${colleague.id}`, headers, payload: { language: 'es' } });
    expect(refused.statusCode).toBe(403);
    const [row] = await t.database.query<{ language: string | null }>('select language from users where id = $1', [colleague.id]);
    expect(row!.language).toBeNull();
    // Her phone, the admin may still change.
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${colleague.id}`, headers, payload: { phone: '555 0101' } })).statusCode).toBe(200);
  });
});
