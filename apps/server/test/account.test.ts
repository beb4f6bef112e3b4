import { backgroundChoices, uploadMessages } from '@srs/shared/account';
import { messages } from '@srs/shared/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { hashPassword } from '../src/auth/password.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema/index.ts';
import { queueNotice } from '../src/modules/mail/public.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSchool, createUser } from './support/factories.ts';

/** A multipart body with text fields and at most one file, as a browser's FormData sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) {
  const boundary = 'accountboundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A photo as a phone takes it: a JPEG, 1200 × 800, with where it was taken written in. */
const photo = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
    .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Someone' } })
    .jpeg()
    .toBuffer();

describe('the signed-in user’s own account: /api/users/current and PATCH /api/users/update_current', () => {
  let t: TestContext;
  let email: string;
  let other: string;
  const password = 'account-password-1';
  const as = async (who: string) => t.headersFor(who);
  const patch = async (who: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/users/update_current', payload: body, headers: await as(who) });
  const upload = async (who: string, file: { name: string; filename: string; type: string; data: Buffer }) => {
    const body = multipart({}, file);
    return t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      payload: body.payload,
      headers: { ...(await as(who)), 'content-type': body.contentType },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const school = await createSchool(t.database.db);
    const passwordHash = await hashPassword(password);
    email = (await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id }, { passwordHash })).email;
    other = (await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id })).email;
  });
  afterAll(async () => t.close());

  it('shows the account, and changes name, email and phone, recorded in the versions', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: await as(email) });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      email,
      phone: null,
      profile_picture_url: null,
      background_image_url: null,
      email_preferences: { new_student: true, enrollment_notice: true },
      password_sign_in: true,
    });
    const id = before.json().id as number;
    const newEmail = email.replace('user-', 'renamed-');
    // A new email asks the password again (the rest of the change is in account-security.test.ts).
    const changed = await patch(email, { first_name: ' Ruth ', last_name: 'Okafor', email: newEmail, phone: '555-0199', current_password: password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ first_name: 'Ruth', last_name: 'Okafor', email: newEmail, phone: '555-0199' });
    email = newEmail;
    // The header reads the new name at once (the cached session is forgotten when a user changes).
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: await as(email) });
    expect(me.json()).toMatchObject({ id, first_name: 'Ruth' });
    const versions = await t.database.query<{ object_changes: Record<string, unknown> }>(
      `select object_changes from versions where item_type = 'User' and item_id = $1 and whodunnit = $1`,
      [id],
    );
    expect(versions).toHaveLength(1);
  });

  it('refuses a bad field, a taken email and a background that is not one of the choices, in SPEC wording', async () => {
    const blank = await patch(email, { first_name: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ first_name: [messages.fieldRequired] });
    const taken = await patch(email, { email: other.toUpperCase(), current_password: password });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ email: ['has already been taken'] });
    const background = await patch(email, { background_image_url: 'https://elsewhere.example/x.png' });
    expect(background.statusCode).toBe(422);
    expect(Object.keys(background.json())).toEqual(['background_image_url']);
  });

  it('keeps a picture checked by its content, redrawn small, without what the camera wrote, and serves it to its owner only', async () => {
    const response = await upload(email, { name: 'profile_picture', filename: 'me.jpg', type: 'image/jpeg', data: await photo() });
    expect(response.statusCode).toBe(200);
    const url = response.json().profile_picture_url as string;
    expect(url).toMatch(/^\/api\/uploads\/\d+$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: await as(email) });
    expect(me.json().profile_picture_url).toBe(url);

    const served = await t.app.inject({ method: 'GET', url, headers: await as(email) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const kept = await sharp(served.rawPayload).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif]).toEqual(['webp', 256, 256, undefined]);

    expect((await t.app.inject({ method: 'GET', url, headers: await as(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // A new picture replaces the old one, which is no longer kept.
    const again = await upload(email, { name: 'profile_picture', filename: 'b.png', type: 'image/png', data: await sharp({ create: { width: 40, height: 40, channels: 4, background: '#000' } }).png().toBuffer() });
    expect(again.statusCode).toBe(200);
    const oldId = Number(url.split('/').pop());
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, oldId))).toHaveLength(0);
    const removed = await patch(email, { remove_profile_picture: true });
    expect(removed.json().profile_picture_url).toBeNull();
  });

  it('refuses a file that is no picture whatever its name, an SVG, a broken picture and one over 5 MB, keeping the old', async () => {
    const text = await upload(email, { name: 'profile_picture', filename: 'me.jpg', type: 'image/jpeg', data: Buffer.from('just words, named like a photo') });
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ profile_picture: [uploadMessages.notPicture] });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const script = await upload(email, { name: 'background_image', filename: 'b.svg', type: 'image/svg+xml', data: svg });
    expect(script.json()).toEqual({ background_image: [uploadMessages.notPicture] });
    const jpeg = await photo();
    const broken = await upload(email, { name: 'profile_picture', filename: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, 600) });
    expect(broken.statusCode).toBe(422);
    const large = await upload(email, { name: 'background_image', filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 10, 1) });
    expect(large.statusCode).toBe(422);
    expect(large.json()).toEqual([uploadMessages.fileTooLarge]);
    const current = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: await as(email) });
    expect(current.json().background_image_url).toBeNull();
  });

  it('keeps a background: one of the choices, or an upload drawn at most 2560 wide; null is the default again', async () => {
    const chosen = await patch(email, { background_image_url: backgroundChoices[1].url });
    expect(chosen.json().background_image_url).toBe(backgroundChoices[1].url);
    const wide = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#abc' } }).png().toBuffer();
    const uploaded = await upload(email, { name: 'background_image', filename: 'wide.png', type: 'image/png', data: wide });
    const url = uploaded.json().background_image_url as string;
    expect(url).toMatch(/^\/api\/uploads\/\d+$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: await as(email) });
    expect(me.json().background_image_url).toBe(url);
    const served = await t.app.inject({ method: 'GET', url, headers: await as(email) });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2560, height: 640 });
    const reset = await patch(email, { background_image_url: null });
    expect(reset.json().background_image_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url, headers: await as(email) })).statusCode).toBe(404);
  });

  it('sends a notice only to whom wants it; account mail always', async () => {
    const off = await patch(email, { email_preferences: { new_student: false } });
    expect(off.json().email_preferences).toEqual({ new_student: false, enrollment_notice: true, interest_assigned: true, reminder_mail: true });
    const notice = (kind: 'new_student' | 'enrollment_notice', to: string) =>
      t.database.db.transaction((tx) => queueNotice(tx, { to, subject: 'A notice', text: 'Hello', kind }));
    expect(await notice('new_student', email.toUpperCase())).toBeNull();
    expect(await notice('enrollment_notice', email)).toEqual(expect.any(Number));
    expect(await notice('new_student', other)).toEqual(expect.any(Number));
    const on = await patch(email, { email_preferences: { new_student: true } });
    expect(on.json().email_preferences).toEqual({ new_student: true, enrollment_notice: true, interest_assigned: true, reminder_mail: true });
  });
});
