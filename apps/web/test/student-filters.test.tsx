import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studentFilterQuery } from '../src/features/students/api.ts';
import { StudentFilters } from '../src/features/students/components/student-filters.tsx';
import { mockJsonApi, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderFilters(search: string) {
  const api = mockJsonApi({
    'GET /series/simple_list': () => ({
      series: [
        { id: 3, name: 'Discover Bible Guides', type: 'Course', priority: true },
        { id: 4, name: 'Revelation of Hope', type: 'Seminar', priority: false },
      ],
    }),
  });
  render(<StudentFilters params={new URLSearchParams(search)} onChange={vi.fn()} showSection={false} />, {
    wrapper: Wrapper,
  });
  return api;
}

describe('the filters a link puts on the student list', () => {
  it('say in words which students the list holds', async () => {
    const api = renderFilters('enrollments_series_type_eq=Course');
    expect(screen.getByText('In a course')).toBeInTheDocument();
    // The series names are read only for a series filter.
    expect(api.callsTo('GET', '/series/simple_list')).toHaveLength(0);
  });

  it('name the series of a series filter', async () => {
    renderFilters('enrollments_series_id_eq=4');
    expect(await screen.findByText('In Revelation of Hope')).toBeInTheDocument();
    expect(screen.queryByText(/#4/)).toBeNull();
  });

  it('reach the API query of the list', () => {
    const query = studentFilterQuery(new URLSearchParams('enrollments_series_type_eq=Seminar'));
    expect(query).toMatchObject({ enrollments_series_type_eq: 'Seminar', section: 'all' });
  });
});
