import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoursesTable } from '../src/features/series/components/courses-table.tsx';
import { Wrapper } from './support.tsx';

const course = (id: number, name: string, students: number) => ({
  id,
  type: 'Course' as const,
  name,
  priority: false,
  students_count: students,
  episodes_count: 20,
  school: null,
});

describe('the dashboard courses table (SPEC section 2)', () => {
  it('shows each course with its students, and needing follow-up as a dash as SPEC section 2 says', () => {
    render(
      <CoursesTable courses={[course(1, 'Discover Bible Guides', 49), course(2, 'Focus on Prophecy', 9)]} loading={false} linkNames={false} dashboard />,
      { wrapper: Wrapper },
    );
    const rows = screen.getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['Discover Bible Guides49-', 'Focus on Prophecy9-']);
  });
});
