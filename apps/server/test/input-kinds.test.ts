import { messages } from '@srs/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nulCharacter } from '../src/core/validation.ts';
import { productDeliveries, students } from '../src/db/schema/index.ts';
import { createProductOffer } from './support/enrollment-factories.ts';
import { createCourse, enroll, offer } from './support/factories.ts';
import { studentForm } from './support/student-factories.ts';
import { useStudentWritesFixture } from './support/student-writes.ts';

/** Values of the wrong kind are refused with a 422 in SPEC section 8's shapes: never read loosely, never a 500. */
describe('input of the wrong kind', () => {
  const w = useStudentWritesFixture();
  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string, headers = {}) =>
    w.t.app.inject({ method, url, payload, headers: { ...(await w.t.headersFor(w.net.schoolAdminA.email)), ...headers } });

  it('refuses text holding U+0000 in a body, a query or a nested note, and writes nothing', async () => {
    const body = studentForm({ school_id: w.net.schoolA.id, first_name: 'Nul\u0000Byte' });
    const created = await inject('POST', '/api/students', body);
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ first_name: [nulCharacter] });
    const search = await inject('GET', '/api/students?query=a%00b');
    expect(search.statusCode).toBe(422);
    expect(search.json()).toEqual({ query: [nulCharacter] });
    const { course } = await createCourse(w.t.database.db, 1);
    await offer(w.t.database.db, course.id, w.net.schoolA.id);
    const enrollment = await enroll(w.t.database.db, w.net.studentA.id, course.id);
    const note = await inject('PUT', `/api/enrollments/${enrollment.id}`, {
      visits_attributes: [{ date: '2026-01-01', notes_attributes: [{ type: 'Note', text: 'a\u0000b' }] }],
    });
    expect(note.statusCode).toBe(422);
    expect(note.json()).toEqual({ text: [nulCharacter] });
  });

  it('reads ids only from whole numbers or their digits', async () => {
    for (const path of ['0x13b', '%20315', '1e0', '+1', '1.5', '-3']) {
      const response = await inject('GET', `/api/students/${path}`);
      expect(response.statusCode, path).toBe(422);
      expect(response.json(), path).toEqual({ id: ['is not valid'] });
    }
    expect((await inject('GET', `/api/students/${w.net.studentA.id}`)).statusCode).toBe(200);
    for (const school_id of [true, [w.net.schoolA.id], String(w.net.schoolA.id) + 'x', Number.MAX_SAFE_INTEGER + 2]) {
      const response = await inject('POST', '/api/students', studentForm({ school_id, last_name: 'Loose' }));
      expect(response.statusCode, JSON.stringify(school_id)).toBe(422);
      expect(response.json(), JSON.stringify(school_id)).toEqual({ school_id: ['is not valid'] });
    }
    const reassign = await inject('PUT', '/api/students/bulk_reassign', { student_ids: [true], instructor_id: w.net.schoolAdminA.id });
    expect(reassign.statusCode).toBe(422);
    expect(reassign.json()).toEqual({ student_ids: ['is not valid'] });
    expect(await w.t.database.db.select().from(students).where(eq(students.lastName, 'Loose'))).toEqual([]);
  });

  it("says 'is not valid' for a value given in the wrong kind and keeps 'This field is required' for a missing one", async () => {
    const response = await inject('POST', '/api/students', {
      ...studentForm({ school_id: w.net.schoolA.id }),
      first_name: 123,
      last_name: undefined,
      include_in_mailing_list: 'sometimes',
      notify_instructor_by_email: 'yes',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      first_name: ['is not valid'],
      last_name: [messages.fieldRequired],
      include_in_mailing_list: ['is not valid'],
      notify_instructor_by_email: ['is not valid'],
    });
  });

  it('takes a price as a number with at most two decimals (SPEC section 5)', async () => {
    const { course } = await createCourse(w.t.database.db, 1);
    await offer(w.t.database.db, course.id, w.net.schoolA.id);
    const product = await createProductOffer(w.t.database.db, course.id, { defaultPrice: '4.50' });
    const enrollment = await enroll(w.t.database.db, w.net.studentA.id, course.id);
    const deliver = (price: unknown) =>
      inject('PUT', `/api/enrollments/${enrollment.id}`, {
        product_deliveries_attributes: [{ product_id: product.id, delivered_at: '2026-01-01', price }],
      });
    for (const price of ['0x10', true, [5], 12.345, '1e2', -1]) {
      const response = await deliver(price);
      expect(response.statusCode, JSON.stringify(price)).toBe(422);
      expect(Object.keys(response.json()), JSON.stringify(price)).toEqual(['price']);
    }
    expect((await deliver('12.5')).statusCode).toBe(200);
    expect((await deliver(3.25)).statusCode).toBe(200);
    const prices = await w.t.database.db
      .select({ price: productDeliveries.price })
      .from(productDeliveries)
      .where(eq(productDeliveries.enrollmentId, enrollment.id));
    expect(prices.map((row) => row.price).sort()).toEqual(['12.50', '3.25']);
  });

  it('answers a broken multipart body with a 4xx, never a 500', async () => {
    const broken: [string, string][] = [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAda'],
      ['multipart/form-data; boundary=OTHER', '--BND\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--BND--\r\n'],
    ];
    for (const url of ['/api/students', '/api/enrollments']) {
      for (const [contentType, payload] of broken) {
        const response = await inject('POST', url, payload, { 'content-type': contentType });
        expect(response.statusCode, `${url} ${contentType}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${contentType}`).toBeLessThan(500);
      }
    }
  });

  it('keeps the fields a profile update leaves out', async () => {
    const created = await inject(
      'POST',
      '/api/students',
      studentForm({ school_id: w.net.schoolA.id, last_name: 'Partial', include_in_mailing_list: 'never', phone: '555-0101' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const updated = await inject('PUT', `/api/students/${id}`, { city: 'Shelbyville' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ city: 'Shelbyville', include_in_mailing_list: 'never', phone: '555-0101' });
    const blank = await inject('PUT', `/api/students/${id}`, { city: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ city: [messages.fieldRequired] });
  });
});
