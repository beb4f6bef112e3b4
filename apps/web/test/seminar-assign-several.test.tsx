import type { AssignableStudent, SeminarStudent } from '@srs/shared/seminars';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assignOutcome } from '../src/features/seminars/assign-results.ts';
import { AssignStudents } from '../src/features/seminars/components/assign-students.tsx';
import { setToken } from '../src/lib/session.ts';
import { appConfig, makeToken, mockJsonApi, schoolAdmin, Wrapper } from './support.tsx';

vi.setConfig({ testTimeout: 30_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
const { showSuccess } = await import('../src/lib/toasts.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const central = { id: 3, school_code: '101', church_name: 'Central' };
const student = (id: number, first_name: string, last_name: string): AssignableStudent => ({
  id,
  first_name,
  last_name,
  city: 'Springfield',
  school: central,
});
const enrollment = (studentId: number, first_name: string, last_name: string): SeminarStudent => ({
  enrollment_id: 500 + studentId,
  registration_number: String(9000 + studentId),
  status: 'Applied',
  orphaned: false,
  student: { id: studentId, first_name, last_name },
  school: central,
  attendances_count: 0,
  created_at: '2026-11-28T10:00:00.000Z',
});

describe('assigning several seminar students at once', () => {
  it('sends the students ticked in one request, says how many were assigned and why the others were not', async () => {
    setToken(makeToken(schoolAdmin));
    const api = mockJsonApi({
      'GET /config': () => appConfig,
      'GET /series/5/assign_students': () => ({
        students: [student(1, 'Ann', 'Lee'), student(2, 'Bob', 'Hart'), student(3, 'Cy', 'Moss')],
        pagination: { page: 1, per_page: 10, total_count: 3, total_pages: 1 },
      }),
      'GET /series/5/recently_assigned': () => ({ students: [] }),
      'PUT /series/5/assign_students': () => ({
        assigned: 2,
        results: [
          { student_id: 1, enrollment: enrollment(1, 'Ann', 'Lee'), error: null },
          { student_id: 3, enrollment: null, error: 'Cy Moss is already enrolled in Revelation (registration number 77).' },
          { student_id: 2, enrollment: enrollment(2, 'Bob', 'Hart'), error: null },
        ],
      }),
    });
    const user = userEvent.setup({ delay: null });
    render(<AssignStudents seminarId={5} seminarName="Revelation" />, { wrapper: Wrapper });

    const assign = await screen.findByRole('button', { name: 'Assign selected' });
    expect(assign).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ann Lee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cy Moss' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bob Hart' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assign 3 selected' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('2 students are assigned to Revelation.'));
    const sent = api.callsTo('PUT', '/series/5/assign_students');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ student_ids: [1, 3, 2] });
    // No PUT per student.
    expect(api.callsTo('PUT', '/series/5/assign_student')).toHaveLength(0);
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText('Not assigned: 1 student')).toBeInTheDocument();
    expect(within(refused).getByText('Cy Moss is already enrolled in Revelation (registration number 77).')).toBeInTheDocument();
    // The selection starts again.
    expect(screen.getByText('None selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Ann Lee' })).not.toBeChecked();
  });

  it('words each refusal with the name of the student it is about', () => {
    const names = new Map([
      [1, 'Ann Lee'],
      [2, 'Bob Hart'],
    ]);
    const said = assignOutcome(
      [
        { student_id: 1, enrollment: null, error: 'Student not found' },
        { student_id: 2, enrollment: null, error: 'Bob Hart is already enrolled in Revelation (registration number 5).' },
      ],
      (id) => names.get(id) ?? '',
      'Revelation',
    );
    expect(said).toEqual({
      assigned: null,
      refused: ['Ann Lee: Student not found', 'Bob Hart is already enrolled in Revelation (registration number 5).'],
    });
    expect(assignOutcome([{ student_id: 1, enrollment: enrollment(1, 'Ann', 'Lee'), error: null }], () => 'Ann Lee', 'Revelation').assigned).toBe(
      '1 student is assigned to Revelation.',
    );
  });
});
