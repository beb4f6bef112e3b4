import type { FollowupEnrollment } from '@srs/shared/enrollments';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../src/i18n/load.ts';
import { followupListUrl, linesFromWords, startDashboardFirst, takeFirstFollowupList, writeFollowupLines } from '../src/lib/dashboard-first.ts';
import { enrollmentLines, followupWords } from '../src/lib/dashboard-text.ts';
import { setToken, tokenKey } from '../src/lib/session.ts';
import { renderDashboardFrame } from '../src/prerender.tsx';
import { DashboardMobile } from '../src/routes/dashboard-mobile.tsx';
import { appConfig, jsonResponse, makeToken, mockJsonApi, schoolAdmin, stubApi, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.srsFirstFollowupList;
  document.body.replaceChildren();
});

const row = (id: number): FollowupEnrollment =>
  ({
    id,
    student: { id: 100 + id, first_name: 'Ruth', last_name: `Reader ${id}` },
    series: { id: 5, name: 'Discover Bible Guides', type: 'Course' },
    last_followup_date: '2026-10-01',
    followup_reason: { kind: 'no_contact', days: 58 },
  }) as FollowupEnrollment;
const followupList = (total: number, shown: number) => ({
  enrollments: Array.from({ length: shown }, (_, i) => row(i + 1)),
  pagination: { page: 1, per_page: 100, total_count: total, total_pages: Math.ceil(total / 100), total_capped: false },
});

/** The dashboard's page as the build writes it: the frame, inert, in #root. */
async function framePage() {
  document.body.innerHTML = `<div id="root"><div inert>${await renderDashboardFrame()}</div></div>`;
}
const frameLines = () => document.querySelector<HTMLElement>('#root [inert] [data-followup-lines]');

describe("the dashboard page's first script (before the app has loaded)", () => {
  it("asks for the follow-up list with the user's token, and writes how many into the frame", async () => {
    await framePage();
    const token = makeToken(schoolAdmin);
    localStorage.setItem(tokenKey, token);
    const api = stubApi(() => jsonResponse(followupList(140, 100)));
    expect(frameLines()?.hidden).toBe(true);

    startDashboardFirst();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/enrollments/needing_followup?page=1&per_page=100');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token}`);
    await vi.waitFor(() => expect(frameLines()?.hidden).toBe(false));
    expect(frameLines()?.textContent).toBe('140 courses and seminars to follow up, the 100 waiting longest are here.');
  });

  it('asks nothing without a session, and writes nothing when nobody needs follow-up', async () => {
    await framePage();
    const api = stubApi(() => jsonResponse(followupList(0, 0)));
    startDashboardFirst();
    expect(api.fetchMock).not.toHaveBeenCalled();
    localStorage.setItem(tokenKey, makeToken(schoolAdmin));
    startDashboardFirst();
    expect(await window.srsFirstFollowupList?.list).toEqual(followupList(0, 0));
    expect(frameLines()?.hidden).toBe(true);
  });

  it('gives its answer to the app once, for the same address and token only', async () => {
    const token = makeToken(schoolAdmin);
    localStorage.setItem(tokenKey, token);
    stubApi(() => jsonResponse(followupList(3, 3)));
    startDashboardFirst();
    expect(await takeFirstFollowupList(followupListUrl, 'another token')).toBeNull();
    expect(await takeFirstFollowupList('/api/enrollments/needing_followup?page=2&per_page=100', token)).toBeNull();
    expect(await takeFirstFollowupList(followupListUrl, token)).toEqual(followupList(3, 3));
    expect(await takeFirstFollowupList(followupListUrl, token)).toBeNull();
  });

  it('gives nothing for a refused or broken answer: the app asks again, through the shared handler', async () => {
    localStorage.setItem(tokenKey, makeToken(schoolAdmin));
    stubApi(() => jsonResponse({ error: 'Unauthorized' }, 401, 'Unauthorized'));
    startDashboardFirst();
    expect(await takeFirstFollowupList(followupListUrl, localStorage.getItem(tokenKey))).toBeNull();
    stubApi(() => jsonResponse({ enrollments: 'no' }));
    startDashboardFirst();
    expect(await takeFirstFollowupList(followupListUrl, localStorage.getItem(tokenKey))).toBeNull();
  });

  it('is the answer the phone dashboard shows, without asking for the list a second time', async () => {
    const token = makeToken(schoolAdmin);
    setToken(token);
    const count = { students: [], pagination: { page: 1, per_page: 1, total_count: 4, total_pages: 4 } };
    const api = mockJsonApi({
      'GET /config': () => appConfig,
      'GET /students': () => count,
      'GET /users': () => ({ users: [], pagination: count.pagination }),
      'GET /enrollments/needing_followup': () => followupList(2, 2),
    });
    startDashboardFirst();
    render(
      <MemoryRouter>
        <DashboardMobile />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    expect(await screen.findByText('2 courses and seminars to follow up, a line for each.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Ruth Reader 2/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/enrollments/needing_followup')).toHaveLength(1);
  });
});

describe("the follow-up sentence the page's first script writes (no catalogue of its own)", () => {
  const cases: Array<[number, boolean, number]> = [
    [1, false, 1],
    [23, false, 23],
    [140, false, 100],
    [1000, true, 100],
    [12345, false, 100],
  ];
  it.each(['en', 'es'] as const)('says what the app says, from the templates the frame carries (%s)', async (language) => {
    await switchLanguage(language);
    const words = followupWords();
    for (const [total, capped, shown] of cases) {
      const pagination = { total_count: total, total_capped: capped };
      expect(linesFromWords(pagination, shown, words)).toBe(enrollmentLines(pagination, shown));
    }
  });

  it('is written in the language the frame was drawn in', async () => {
    document.body.innerHTML = `<div id="root"><div inert>${await renderDashboardFrame('es')}</div></div>`;
    writeFollowupLines({ enrollments: [], pagination: { page: 1, per_page: 100, total_count: 23, total_pages: 1, total_capped: false } } as never);
    expect(document.querySelector('[data-followup-lines]')?.textContent).toBe('23 cursos y seminarios para dar seguimiento; aquí están los 0 que más tiempo llevan esperando.');
  });
});
