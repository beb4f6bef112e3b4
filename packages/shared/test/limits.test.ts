import { describe, expect, it } from 'vitest';
import { limits, ListQuery } from '../src/common.ts';
import { EnrollmentUpdateInput, TakeAttendanceInput } from '../src/enrollments.ts';
import { StatesQuery } from '../src/geo.ts';
import { AveryLabelsQuery, BulkShareInput, StudentCreateInput } from '../src/students.ts';

/** The messages of a value's failed rules. */
function messagesOf(schema: { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } }, value: unknown) {
  return (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);
}

describe('length and range limits read as the end of a sentence after the field name', () => {
  it('words each kind of limit', () => {
    expect(limits.tooLong(5000)).toBe('is too long (at most 5,000 characters)');
    expect(limits.tooShort(8)).toBe('is too short (at least 8 characters)');
    expect(limits.atMost(1_000_000)).toBe('must be at most 1,000,000');
    expect(limits.atLeast(0)).toBe('must be at least 0');
    expect(limits.tooMany(100)).toBe('has too many entries (at most 100)');
    expect(limits.tooFew(1)).toBe('needs at least 1 entry');
  });

  it('gives the record limits of PUT /enrollments/{id} their own words', () => {
    const product = (fields: object) => ({
      product_deliveries_attributes: [{ product_id: 1, delivered_at: '2026-01-01', ...fields }],
    });
    expect(messagesOf(EnrollmentUpdateInput, product({ quantity: 99999999999999 }))).toEqual(['must be at most 100,000']);
    expect(messagesOf(EnrollmentUpdateInput, product({ quantity: 0 }))).toEqual(['must be at least 1']);
    expect(messagesOf(EnrollmentUpdateInput, product({ price: 10_000_000 }))).toEqual(['must be at most 1,000,000']);
    expect(messagesOf(EnrollmentUpdateInput, product({ visitor_name: 'v'.repeat(500) }))).toEqual([
      'is too long (at most 200 characters)',
    ]);
    const note = { visits_attributes: [{ date: '2026-01-01', notes_attributes: [{ type: 'Note', text: 'n'.repeat(5001) }] }] };
    expect(messagesOf(EnrollmentUpdateInput, note)).toEqual(['is too long (at most 5,000 characters)']);
    expect(messagesOf(TakeAttendanceInput, { episode_id: 1, attendances: [] })).toEqual(['needs at least 1 entry']);
  });

  it('gives the limits of lists, queries and bulk inputs their own words', () => {
    expect(messagesOf(ListQuery, { per_page: '501', query: 'q'.repeat(201) })).toEqual([
      'must be at most 500',
      'is too long (at most 200 characters)',
    ]);
    expect(messagesOf(StatesQuery, { country_name: 'c'.repeat(101) })).toEqual(['is too long (at most 100 characters)']);
    expect(messagesOf(AveryLabelsQuery, { start_position: '31' })).toEqual(['must be at most 30']);
    expect(messagesOf(BulkShareInput, { student_ids: [1], user_ids: [] })).toEqual(['needs at least 1 entry']);
    expect(messagesOf(StudentCreateInput, { request_key: 'short' })).toContain('is too short (at least 8 characters)');
  });
});
