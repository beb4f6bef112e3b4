import type { Student } from '@srs/shared/students';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { differingFields, initialChoices, mergeBody } from '../src/features/student-merge/merge-fields.ts';
import { setToken } from '../src/lib/session.ts';
import { Component as MergePage } from '../src/routes/student-merge.tsx';
import { makeStudent, makeStudentDetail } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin, stubApi, unexpectedCall } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

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

describe('the merge page after the merge (issue 27)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes to the kept student at once, even when the student merged away answers its 404 first', async () => {
    setToken(makeToken(schoolAdmin));
    const kept = makeStudentDetail(1, { first_name: 'Ruth', last_name: 'Ames', city: 'Lansing' });
    const merged = makeStudentDetail(2, { first_name: 'Ruth', last_name: 'Ames', city: 'Okemos' });
    let merging = false;
    // Read again after the merge, the kept student answers last (a loaded server), the other at once.
    let answerKept = () => {};
    const keptLater = new Promise<void>((resolve) => (answerKept = resolve));
    const api = stubApi(async (call) => {
      if (call.method === 'GET' && call.path === '/students/1') {
        if (merging) await keptLater;
        return jsonResponse(kept);
      }
      if (call.method === 'GET' && call.path === '/students/2') {
        if (!merging) return jsonResponse(merged);
        const deleted = { record: 'student', deleted_on: '2026-11-29', deleted_by: null, version_id: 7, can_restore: true };
        return jsonResponse({ error: 'Not found', deleted }, 404, 'Not Found');
      }
      if (call.method === 'POST' && call.path === '/students/merge') {
        merging = true;
        return jsonResponse({ student_id: 1, version_id: 7, moved: { enrollments: 0, notes: 0, shares: 0, interests: 0 }, same_series: [] });
      }
      return unexpectedCall(call);
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/students/merge', Component: MergePage, errorElement: <p>The merge page failed</p> },
        { path: '/students/:id', element: <p>The kept student’s page</p> },
      ],
      '/students/merge?keep=1&merge=2',
    );
    await user.click(await screen.findByRole('button', { name: 'Merge' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }));
    await screen.findByText('The kept student’s page');
    expect(router.state.location.pathname).toBe('/students/1');
    answerKept();
    expect(api.callsTo('POST', '/students/merge')[0]?.body).toMatchObject({ kept_id: 1, merged_id: 2 });
  });
});
