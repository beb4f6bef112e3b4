import { uploadMessages } from '@srs/shared/account';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureCaps } from '../src/modules/account/pictures.ts';
import { uploadsPerHour } from '../src/modules/account/upload-limits.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSchool, createUser } from './support/factories.ts';

/** A multipart body with one file, as a browser's FormData sends a picture. */
function multipart(field: string, data: Buffer, type = 'image/png') {
  const boundary = 'pictureboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="picture"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } });

describe('pictures: a pixel cap for each use, and uploads counted per user', () => {
  let t: TestContext;
  let schoolId: number;
  const newUser = async () => (await createUser(t.database.db, { roleType: 'instructor', schoolId })).email;
  const upload = async (email: string, field: string, data: Buffer, type?: string) => {
    const body = multipart(field, data, type);
    return t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      payload: body.payload,
      headers: { ...(await t.headersFor(email)), 'content-type': body.contentType },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    schoolId = (await createSchool(t.database.db)).id;
  });
  afterAll(async () => t.close());

  it('refuses a PNG of 6,000 × 6,000 (about 100 KB) for either use, saying the cap in words', async () => {
    const email = await newUser();
    const png = await plain(6000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(png.length).toBeLessThan(200_000);
    for (const field of ['profile_picture', 'background_image'] as const) {
      const refused = await upload(email, field, png);
      expect(refused.statusCode).toBe(422);
      const { width, height } = pictureCaps[field];
      expect(refused.json()).toEqual({ [field]: [uploadMessages.tooManyPixels(width, height)] });
    }
    expect(uploadMessages.tooManyPixels(4096, 4096)).toBe(
      'is too large (at most 4,096 × 4,096 pixels): choose a smaller picture',
    );
  });

  it('refuses it from its header alone: the same file cut after its first kilobyte is refused for its size, not as broken', async () => {
    const email = await newUser();
    const png = await plain(6000, 6000).png({ compressionLevel: 9 }).toBuffer();
    // Decoding this would fail (the pixels are cut off); the cap answers before any decoding.
    const refused = await upload(email, 'profile_picture', png.subarray(0, 1024));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ profile_picture: [uploadMessages.tooManyPixels(4096, 4096)] });
    // A small picture cut the same way is read as broken: the cut file is no picture.
    const small = await plain(1000, 1000).png({ compressionLevel: 0 }).toBuffer();
    const broken = await upload(email, 'profile_picture', small.subarray(0, 1024));
    expect(broken.json()).toEqual({ profile_picture: [uploadMessages.notPicture] });
  });

  it("keeps a phone's 12 MP photo (4,032 × 3,024), either way round, for either use", async () => {
    const email = await newUser();
    const landscape = await plain(4032, 3024).jpeg().toBuffer();
    const portrait = await plain(3024, 4032).jpeg().toBuffer();
    const picture = await upload(email, 'profile_picture', landscape, 'image/jpeg');
    expect(picture.statusCode).toBe(200);
    expect(picture.json().profile_picture_url).toMatch(/^\/api\/uploads\/\d+$/);
    const background = await upload(email, 'background_image', portrait, 'image/jpeg');
    expect(background.statusCode).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: background.json().background_image_url,
      headers: await t.headersFor(email),
    });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
  });

  it(`answers 429 to the ${uploadsPerHour + 1}st picture of a user in an hour, with a sentence and Retry-After; others still upload`, async () => {
    const email = await newUser();
    const tiny = await plain(8, 8).png().toBuffer();
    for (let i = 0; i < uploadsPerHour; i++) {
      expect((await upload(email, i % 2 ? 'background_image' : 'profile_picture', tiny)).statusCode).toBe(200);
    }
    const limited = await upload(email, 'profile_picture', tiny);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: uploadMessages.tooManyUploads(uploadsPerHour, 60) });
    expect(limited.json().error).toBe(
      'Too many pictures were uploaded in the last hour (at most 20). Please wait 60 minutes and try again.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    // What does not upload a picture is not counted, and someone else's pictures are theirs to count.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      payload: { first_name: 'Still' },
      headers: await t.headersFor(email),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await upload(await newUser(), 'profile_picture', tiny)).statusCode).toBe(200);
  });
});
