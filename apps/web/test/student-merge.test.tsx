import type { Student } from '@srs/shared/students';
import { describe, expect, it } from 'vitest';
import { differingFields, initialChoices, mergeBody } from '../src/features/student-merge/merge-fields.ts';
import { makeStudent } from './student-fixtures.ts';

const student = (overrides: Partial<Student>): Student =>
  makeStudent(overrides.id ?? 1, {
    first_name: 'Ana',
    last_name: 'Ruiz',
    address: '1 Main St',
    phone: '555-0100',
    created_at: '2025-01-01T00:00:00.000Z',
    instructor: { id: 5, first_name: 'Sam', last_name: 'Ray' },
    school: { id: 9, school_code: 'GC01', church_name: 'Grace' },
    ...overrides,
  });

describe('the fields of a merge (issue 27)', () => {
  const kept = student({ id: 1 });
  const newer = student({
    id: 2,
    created_at: '2026-06-01T00:00:00.000Z',
    first_name: 'Anna',
    phone: '555-0199',
    email: 'anna@example.org',
    city: '',
    school: { id: 10, school_code: 'HC02', church_name: 'Hope' },
  });

  it('lists only the fields that differ, the newer record’s value chosen unless it is empty', () => {
    const fields = differingFields(kept, newer);
    expect(fields.map((field) => [field.field, field.preselected])).toEqual([
      ['first_name', 'merged'],
      ['city', 'kept'],
      ['email', 'merged'],
      ['phone', 'merged'],
      ['school', 'merged'],
    ]);
    expect(fields.find((field) => field.field === 'school')).toMatchObject({
      label: 'School and instructor',
      kept: '(#GC01) Grace, Sam Ray',
      merged: '(#HC02) Hope, Sam Ray',
    });
    expect(differingFields(kept, student({ id: 3 }))).toEqual([]);
    // Made the same second: the later record is the newer.
    expect(differingFields(kept, student({ id: 4, city: 'Okemos' }))[0]).toMatchObject({ field: 'city', preselected: 'merged' });
    expect(differingFields(student({ id: 4, city: 'Okemos' }), kept)[0]).toMatchObject({ field: 'city', preselected: 'kept' });
  });

  it('sends every differing field with the choice made, and nothing else', () => {
    const choices = { ...initialChoices(differingFields(kept, newer)), school: 'kept' as const };
    expect(mergeBody(kept, newer, choices)).toEqual({
      kept_id: 1,
      merged_id: 2,
      fields: { first_name: 'merged', city: 'kept', email: 'merged', phone: 'merged', school: 'kept' },
    });
  });
});
