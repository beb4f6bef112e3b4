import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineStatus } from '../src/features/offline/offline-status.tsx';

afterEach(() => onlineManager.setOnline(true));

/** A page showing one read, answered `ago` ms before now. */
function renderShowing(ago: number) {
  const client = new QueryClient();
  client.setQueryData(['students', 'detail', 1], { id: 1 }, { updatedAt: Date.now() - ago });
  function Page() {
    useQuery({ queryKey: ['students', 'detail', 1], queryFn: () => ({ id: 1 }), staleTime: Infinity });
    return <OfflineStatus />;
  }
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/*
 * Issue 30's review: the shell's line said "This phone shows what was saved on it now." of a page
 * read under a minute before: the relative time of so short a while is "now".
 */
describe('the shell\'s line without a signal', () => {
  it('says "a moment ago" of what was read under a minute before', async () => {
    onlineManager.setOnline(false);
    renderShowing(10_000);
    expect(await screen.findByText('No connection. This phone shows what was saved on it a moment ago.')).toBeInTheDocument();
  });

  it('says how long ago of what is older', async () => {
    onlineManager.setOnline(false);
    renderShowing(3 * 60 * 60 * 1000);
    expect(await screen.findByText('No connection. This phone shows what was saved on it 3 hours ago.')).toBeInTheDocument();
  });
});

/*
 * Issue 30's review: "Open to fix" of a visit that could not be sent opened the enrollment on its
 * lessons, where the visit is not: it opens the tab of its kind of record.
 */
describe('the list of waiting records', () => {
  it('"Open to fix" opens the enrollment on the tab of the record', async () => {
    const { showWaiting } = await import('../src/lib/offline/waiting-store.ts');
    const { WaitingList } = await import('../src/features/offline/waiting-list.tsx');
    const { MemoryRouter } = await import('react-router');
    const what = { enrollmentId: 41, seminarId: null, studentId: 12, studentName: 'Maria Lopez', seriesName: 'Discover', seriesType: 'Course' as const, date: '2026-11-28' };
    const write = { key: 'k', userId: 7, seq: 1, madeAt: Date.now(), method: 'PUT' as const, path: '/enrollments/41', body: {}, base: null, reason: null };
    showWaiting([
      { ...write, key: 'v', what: { ...what, kind: 'visit' }, state: 'changed' },
      { ...write, key: 'l', seq: 2, what: { ...what, enrollmentId: 42, kind: 'lessonReceived' }, state: 'refused', reason: 'Not found' },
    ]);
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <WaitingList onOpenRecord={() => {}} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const links = await screen.findAllByRole('link', { name: 'Open to fix' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/students/12/courses/enrollments/41/visits',
      '/students/12/courses/enrollments/42/lessons',
    ]);
    showWaiting([]);
  });
});
