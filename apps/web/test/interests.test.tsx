import type { Interest, LikelyDuplicate, UnassignedInterest } from '@srs/shared/interests';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputOf, valuesOf } from '../src/features/interests/components/interest-form-dialog.tsx';
import { firstAssignable } from '../src/features/interests/components/assign-dialog.tsx';
import { suggestionReason } from '../src/features/interests/components/unassigned-table.tsx';
import { missingAddress, placeOf } from '../src/features/interests/format.ts';
import { setToken } from '../src/lib/session.ts';
import { Component as AssignmentsPage } from '../src/routes/interest-assignments.tsx';
import { Component as InterestsPage } from '../src/routes/interests-list.tsx';
import { appConfig, makeToken, mockJsonApi, renderRoutes, schoolAdmin } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
});

const interest: Interest = {
  id: 7,
  first_name: 'Lois',
  last_name: 'Lystra',
  email: 'lois@example.org',
  phone: null,
  address: null,
  address_2: null,
  city: 'Springfield',
  state: 'IL',
  zip_code: '62704',
  country: null,
  source: 'api',
  received_on: '2026-11-20',
  status: 'new',
  assigned_at: null,
  contacted_at: null,
  enrolled_at: null,
  closed_at: null,
  closed_reason: null,
  series: { id: 3, name: 'Discover Hope' },
  school: null,
  student: null,
  enrollment_id: null,
};
const school = {
  id: 11,
  school_code: '101',
  church_name: 'Bethel Church',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  head_school_admin: true,
  head_school_admin_id: 4,
  claimed: true,
  distance_miles: null,
};
const unassigned: UnassignedInterest = { ...interest, suggested_school: school, likely_duplicates: 1 };
const duplicate: LikelyDuplicate = {
  id: 40,
  first_name: 'Eunice',
  middle_name: null,
  last_name: 'Lystra',
  address: '1 Main St',
  city: 'Springfield',
  zip_code: '62704',
  school: { id: 11, school_code: '101', church_name: 'Bethel Church' },
  reasons: ['email'],
};
const page = (total: number) => ({ page: 1, per_page: 25, total_count: total, total_pages: 1 });
const config = () => ({ ...appConfig, features: { interest_tracking: true } });
const series = () => ({ series: [{ id: 3, name: 'Discover Hope', type: 'Course', priority: true }] });

describe('the interest form and the assignment', () => {
  it('sends empty text as nothing chosen and the course as an id; a new interest is received today in the United States', () => {
    const blank = valuesOf(null);
    expect(blank.country).toBe('United States');
    expect(blank.received_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(inputOf({ ...valuesOf(interest), series_id: '3' })).toMatchObject({ series_id: 3, address: '', city: 'Springfield' });
    expect(inputOf({ ...valuesOf(interest), series_id: null }).series_id).toBeNull();
  });

  it('names what a student still needs of the address, and why a school is suggested', () => {
    expect(missingAddress(interest)).toEqual(['address', 'country']);
    expect(placeOf(interest)).toBe('Springfield, IL 62704');
    expect(suggestionReason(school)).toBe('Claimed this zip code');
    expect(suggestionReason({ claimed: false, distance_miles: 7.1 })).toBe('7.1 miles away');
    expect(firstAssignable([{ ...school, id: 1, head_school_admin: false }, school])?.id).toBe(11);
  });
});

describe('/interests', () => {
  it('lists the interests with their status and sends the filters chosen', async () => {
    setToken(makeToken(schoolAdmin));
    const api = mockJsonApi({
      'GET /config': config,
      'GET /interests': () => ({ interests: [{ ...interest, status: 'closed', closed_reason: 'Moved away' }], pagination: page(1) }),
    });
    renderRoutes([{ path: '/interests', Component: InterestsPage }], '/interests?status=closed');
    expect(await screen.findByText('Lois Lystra')).toBeInTheDocument();
    expect(screen.getByText('Moved away')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Website' })).toBeInTheDocument();
    const sent = api.callsTo('GET', '/interests').at(-1)!.search;
    expect(sent.get('status')).toBe('closed');
    // Newest first until a header says otherwise.
    expect(sent.get('orderBy')).toBe('desc');
    expect(screen.getByRole('link', { name: 'Assignments' })).toHaveAttribute('href', '/interests/assignments');
  });
});

describe('importing a CSV of interests', () => {
  it('shows every line with its result before anything is saved, then adds the accepted lines with the preview', async () => {
    setToken(makeToken(schoolAdmin));
    const preview = {
      rows: [
        { line: 2, first_name: 'Priscilla', last_name: 'Tentmaker', zip_code: '62701', status: 'accepted', reason: null },
        { line: 3, first_name: 'Bad', last_name: 'Email', zip_code: '', status: 'rejected', reason: 'Email: is not a valid email address' },
      ],
      accepted_count: 1,
      rejected_count: 1,
      applied: false,
      preview_token: 'token-1',
    };
    const api = mockJsonApi({
      'GET /config': config,
      'GET /interests': () => ({ interests: [], pagination: page(0) }),
      'POST /interests/import': (call) =>
        (call.body as { dry_run?: boolean }).dry_run ? preview : { ...preview, applied: true },
    });
    renderRoutes([{ path: '/interests', Component: InterestsPage }], '/interests');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const file = new File(['first_name,last_name,email\nPriscilla,Tentmaker,\nBad,Email,not-mail'], 'people.csv', { type: 'text/csv' });
    // Mantine's FileInput is a button over a hidden file input.
    const input = await vi.waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('the dialog is not open yet');
      return found;
    });
    await userEvent.upload(input, file);
    expect(await screen.findByText('Email: is not a valid email address')).toBeInTheDocument();
    expect(screen.getByText(/1 interest will be added; 1 line rejected and left out\./)).toBeInTheDocument();
    expect(api.callsTo('POST', '/interests/import')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add 1 interest' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/interests/import')).toHaveLength(2));
    expect(api.callsTo('POST', '/interests/import')[1]!.body).toEqual({
      file: 'first_name,last_name,email\nPriscilla,Tentmaker,\nBad,Email,not-mail',
      preview_token: 'token-1',
    });
  });
});

describe('/interests/assignments', () => {
  it('asks whether a likely duplicate is the person before assigning, and completes the address of a new student', async () => {
    setToken(makeToken(schoolAdmin));
    const api = mockJsonApi({
      'GET /config': config,
      'GET /series/simple_list': series,
      'GET /interests/assignments': () => ({ interests: [unassigned], pagination: page(1) }),
      'GET /interests/7/assignment': () => ({ interest, suggested_schools: [school], likely_duplicates: [duplicate] }),
      'GET /countries': () => ({ countries: [{ id: 1, name: 'Canada' }, { id: 2, name: 'United States' }] }),
      'POST /interests/7/assign': () =>
        new Response(JSON.stringify({ address: ['This field is required'] }), { status: 422, headers: { 'content-type': 'application/json' } }),
    });
    renderRoutes([{ path: '/interests/assignments', Component: AssignmentsPage }], '/interests/assignments');
    expect(await screen.findByText('Claimed this zip code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Assign Lois Lystra' }));
    expect(await screen.findByText('Is this person already a student?')).toBeInTheDocument();
    const assign = screen.getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: /^No: make a new student/ }));
    expect(screen.getByRole('radio', { name: /Bethel Church \(101\) · Claimed this zip code/ })).toBeChecked();
    // An API interest names no country: the usual picker starts at United States, so the first Assign can pass.
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    // The address is left empty: the form says so at its field before anything is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/interests/7/assign')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), '3 Tanner St');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await vi.waitFor(() => expect(api.callsTo('POST', '/interests/7/assign')).toHaveLength(1));
    expect(api.callsTo('POST', '/interests/7/assign')[0]!.body).toEqual({
      series_id: 3,
      school_id: 11,
      address: '3 Tanner St',
      address_2: '',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62704',
      country: 'United States',
    });
    // The server's 422 is shown at the field, and what was typed stays.
    expect(await screen.findByText('Address This field is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('3 Tanner St');

    // Why it is likely the same person: the keys shared, in the duplicates page's words.
    await userEvent.click(screen.getByRole('radio', { name: /^Yes: Eunice Lystra, 1 Main St, Springfield, 62704 · .* · Same email$/ }));
    expect(screen.getByRole('button', { name: 'Enroll this student' })).toBeEnabled();
    expect(screen.queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();
  });
});
