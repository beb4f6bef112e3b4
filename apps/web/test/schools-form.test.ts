import { SchoolCreateInput, type SchoolDetail, usZip } from '@srs/shared/schools';
import { describe, expect, it } from 'vitest';
import {
  emptySchoolValues,
  schoolBodyOf,
  schoolFieldErrors,
  schoolFormValuesOf,
} from '../src/features/schools/forms/school-form-values.ts';

const school: SchoolDetail = {
  id: 7,
  school_code: '101',
  church_name: 'Riverside Community Church',
  active: true,
  conference: { id: 3, name: 'Lake Union Conference' },
  school_address: '1410 West Saginaw Street',
  school_address_2: null,
  school_city: 'Lansing',
  school_state: 'MI',
  school_country: 'United States',
  school_zip_code: '48911',
  church_address: null,
  church_address_2: null,
  church_city: null,
  church_state: null,
  church_country: null,
  church_zip_code: null,
  courses: [],
  head_school_admin_id: null,
  head_school_admin: false,
  head_school_admin_user: null,
  claimed_zips: [],
  students_count: 0,
  permissions: {
    add_student: true,
    update: true,
    update_code_and_conference: false,
    destroy: false,
    claim_zips: true,
    offer_series: true,
  },
};

describe('the school form', () => {
  it('sends what it shows: empty fields as null, the conference as its id, valid for the server', () => {
    const body = schoolBodyOf(schoolFormValuesOf(school));
    expect(body).toMatchObject({
      school_code: '101',
      conference_id: 3,
      active: true,
      school_city: 'Lansing',
      school_address_2: null,
      church_city: null,
    });
    expect(SchoolCreateInput.safeParse(body).success).toBe(true);
  });

  it('leaves a new school without a conference until one is chosen (the server says it is required)', () => {
    const body = schoolBodyOf({ ...emptySchoolValues, school_code: 'N1', church_name: 'New Church' });
    expect(body.conference_id).toBeUndefined();
    expect(body.school_country).toBe('United States');
  });

  it("puts a 422's field messages on the fields it knows, and ignores the others", () => {
    expect(schoolFieldErrors({ school_code: ['has already been taken'], base: ['x'] })).toEqual({
      school_code: 'has already been taken',
    });
    expect(schoolFieldErrors(['A sentence'])).toEqual({});
    expect(schoolFieldErrors('A sentence')).toEqual({});
  });

  it('reads a US zip code as 5 digits, ZIP+4 kept to its 5 digits', () => {
    expect(usZip(' 62701 ')).toBe('62701');
    expect(usZip('62701-1234')).toBe('62701');
    for (const bad of ['6270', '627011', '62701-12', 'ABCDE', '']) expect(usZip(bad)).toBeNull();
  });
});
