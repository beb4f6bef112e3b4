import type { EnrollmentSummary, FollowupEnrollment } from '@srs/shared/enrollments';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FollowupTable } from '../src/features/enrollments/components/followup-table.tsx';
import { StudentOverview } from '../src/features/students/components/student-overview.tsx';
import { makeStudent } from './student-fixtures.ts';
import { Wrapper } from './support.tsx';

const row = (id: number, reason: FollowupEnrollment['followup_reason']): FollowupEnrollment => ({
  id,
  student: { id: 100 + id, first_name: 'Anais', last_name: `Schuster ${id}` },
  series: { id: 5, name: 'Discover Bible Guides', type: 'Course' },
  instructor: null,
  status: 'Enrolled',
  cached_latest_followup_date: '2026-11-17',
  last_followup_date: '2026-11-17',
  followup_reason: reason,
});

const summary = (id: number, name: string, latest: string, reason: EnrollmentSummary['followup_reason']): EnrollmentSummary => ({
  id,
  series_id: id,
  series_name: name,
  series_type: 'Course',
  series: { type: 'Course', name },
  registration_number: String(100000 + id),
  lesson_number: 2,
  orphaned: false,
  status: 'Enrolled',
  last_sent_delivery: null,
  cached_latest_followup_date: latest,
  followup_reason: reason,
});

describe('follow-up that says why (DOMAIN.md, Follow-up)', () => {
  it('each row of the desktop follow-up list says why it is there, under its last follow-up', () => {
    render(
      <MemoryRouter>
        <FollowupTable
          enrollments={[
            row(1, { kind: 'reminder_due', date: '2026-11-25', days: 3 }),
            row(2, { kind: 'no_contact', days: 45 }),
            row(3, { kind: 'no_contact_since_start', days: 40 }),
          ]}
          loading={false}
          height={736}
        />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      expect.stringMatching(/ago.*Reminder due 11\/25$/),
      expect.stringMatching(/No contact for 45 days$/),
      expect.stringMatching(/No contact since it started 40 days ago$/),
    ]);
  });

  it("the overview's last follow-up says it counts every enrollment, and each enrollment shows its own and why", () => {
    // Anais Schuster of the demo network: one enrollment followed up today, the other 11 days ago
    // with a reminder due since: the overview said 'today' beside an enrollment needing follow-up.
    const student = makeStudent(24, {
      course_enrollments: [
        summary(30, 'Discover Bible Guides', '2026-11-17', { kind: 'reminder_due', date: '2026-11-25', days: 3 }),
        summary(31, 'Daniel Speaks', '2026-11-28', null),
      ],
    });
    render(
      <MemoryRouter>
        <StudentOverview student={student} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(screen.getByText('Last follow-up (any enrollment)')).toBeInTheDocument();
    expect(screen.getByText('11/28/2026')).toBeInTheDocument();
    expect(screen.getByText('Last follow-up 11/17/2026')).toBeInTheDocument();
    expect(screen.getByText('Last follow-up 11/28/2026')).toBeInTheDocument();
    expect(screen.getAllByText('Needs follow-up')).toHaveLength(1);
    expect(screen.getByText('Reminder due 11/25')).toBeInTheDocument();
  });
});
