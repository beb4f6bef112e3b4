import type { Interest } from '@srs/shared/interests';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../src/lib/session.ts';
import { enrollmentLines } from '../src/lib/dashboard-text.ts';
import { DashboardMobile } from '../src/routes/dashboard-mobile.tsx';
import { appConfig, instructor, makeToken, mockJsonApi, schoolAdmin, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const page = (total: number) => ({ page: 1, per_page: 1, total_count: total, total_pages: total });

const interest = (id: number, first_name: string): Interest => ({
  id,
  first_name,
  last_name: 'Interested',
  email: null,
  phone: null,
  address: null,
  address_2: null,
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  country: 'United States',
  source: 'api',
  received_on: '2024-03-04',
  status: 'assigned',
  assigned_at: '2024-03-05',
  contacted_at: null,
  enrolled_at: null,
  closed_at: null,
  closed_reason: null,
  series: { id: 5, name: 'Discover Bible Guides' },
  school: { id: 3, school_code: '101', church_name: 'Central Church' },
  student: null,
  enrollment_id: null,
});

/** The students list answers a total per filter; the follow-up list has 23 rows for 20 students. */
function dashboardApi(interestTracking: boolean) {
  return mockJsonApi({
    'GET /config': () => ({ ...appConfig, features: { interest_tracking: interestTracking } }),
    'GET /students': (call) => {
      const type = call.search.get('enrollments_series_type_eq');
      const followup = call.search.get('enrollments_needing_followup_eq') === 'true';
      const total = followup ? 20 : type === 'Course' ? 12 : type === 'Seminar' ? 5 : 80;
      return { students: [], pagination: page(total) };
    },
    'GET /enrollments/needing_followup': () => ({ enrollments: [], pagination: page(23) }),
    'GET /users': () => ({ users: [], pagination: page(3) }),
    'GET /interests': () => ({ interests: [interest(1, 'Ivy'), interest(2, 'Otto')], pagination: page(2) }),
  });
}

function renderDashboard() {
  return render(
    <MemoryRouter>
      <DashboardMobile />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
}

describe('phone dashboard tiles (SPEC section 2, Dashboard mobile)', () => {
  it('lead to filtered student lists and count the students of those lists', async () => {
    setToken(makeToken(instructor));
    const api = dashboardApi(false);
    renderDashboard();
    const tiles = [
      ['12 courses: students in courses', '/students?enrollments_series_type_eq=Course'],
      ['5 seminars: students in seminars', '/students?enrollments_series_type_eq=Seminar'],
      ['80 students', '/students'],
      ['20 follow-up: students needing follow-up', '/students?enrollments_needing_followup_eq=true'],
    ] as const;
    for (const [name, href] of tiles) {
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Each count is the list's own query with a page size of 1 (SPEC section 9).
    const counts = api.callsTo('GET', '/students');
    expect(counts).toHaveLength(4);
    for (const call of counts) {
      expect(call.search.get('per_page')).toBe('1');
      expect(call.search.get('section')).toBe('all');
    }
    expect(screen.queryByRole('button', { name: /interests/i })).toBeNull();
    expect(api.callsTo('GET', '/interests')).toHaveLength(0);
  });

  it("with interest tracking on, an instructor's Interests tile lists them here, not on a page they cannot open", async () => {
    setToken(makeToken(instructor));
    dashboardApi(true);
    renderDashboard();
    const tile = await screen.findByRole('button', { name: '2 interests' });
    expect(screen.queryByRole('link', { name: /interests/i })).toBeNull();
    await userEvent.click(tile);
    const panel = await screen.findByRole('region', { name: 'Interests' });
    const rows = await within(panel).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ivy InterestedDiscover Bible Guides · Springfield · Assigned · received 03/04/2024',
      'Otto InterestedDiscover Bible Guides · Springfield · Assigned · received 03/04/2024',
    ]);
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('admins keep the Instructors tile and never see Interests', async () => {
    setToken(makeToken(schoolAdmin));
    const api = dashboardApi(true);
    renderDashboard();
    expect(await screen.findByRole('button', { name: '3 instructors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /interests/i })).toBeNull();
    expect(api.callsTo('GET', '/interests')).toHaveLength(0);
  });
});

describe('the follow-up list under the tiles', () => {
  it('says it has a line per course or seminar, since the tile counts students', () => {
    const counted = (total_count: number, total_capped = false) => ({ total_count, total_capped });
    expect(enrollmentLines(counted(1), 1)).toBe('One course or seminar to follow up.');
    expect(enrollmentLines(counted(23), 23)).toBe('23 courses and seminars to follow up, a line for each.');
    expect(enrollmentLines(counted(140), 100)).toBe('140 courses and seminars to follow up, the 100 waiting longest are here.');
    expect(enrollmentLines(counted(1000, true), 100)).toBe(
      'More than 1,000 courses and seminars to follow up, the 100 waiting longest are here.',
    );
  });
});
