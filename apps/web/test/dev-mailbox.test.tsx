import type { MailboxResponse, MailMessage } from '@srs/shared/mail';
import { messages } from '@srs/shared/messages';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '../src/app/route-error.tsx';
import { queryClient } from '../src/app/query-client.ts';
import { formatMailTime } from '../src/features/mail/api.ts';
import * as devMailbox from '../src/routes/dev-mailbox.tsx';
import { jsonResponse } from './support.tsx';

vi.mock('../src/lib/browser.ts', () => import('./mocks/browser.ts'));
vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

const message = (overrides: Partial<MailMessage>): MailMessage => ({
  id: 1,
  to: 'ida@schools.test',
  subject: 'Welcome',
  text: 'Hello',
  kind: 'welcome',
  status: 'kept',
  attempts: 0,
  created_at: new Date(2026, 2, 7, 9, 5).toISOString(),
  sent_at: null,
  ...overrides,
});

/** The page as the app mounts it: its loader and its component share the app's query client. */
function renderMailbox(answer: () => Response) {
  const fetchMock = vi.fn().mockImplementation(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      {
        path: '/dev/mailbox',
        loader: devMailbox.loader,
        Component: devMailbox.Component,
        errorElement: <RouteError />,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ['/dev/mailbox'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

describe('development mailbox (/dev/mailbox)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('lists the messages and shows the newest one, then the one picked', async () => {
    const body: MailboxResponse = {
      messages: [
        message({
          id: 2,
          to: 'head@schools.test',
          subject: 'New student: Ann Lee',
          text: 'Ann Lee was assigned to you.',
          kind: 'new_student',
          status: 'pending',
        }),
        message({
          id: 1,
          subject: 'Welcome',
          text: 'Your account is ready.',
          created_at: new Date(2026, 2, 6, 17, 45).toISOString(),
        }),
      ],
    };
    const fetchMock = renderMailbox(() => jsonResponse(body));
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/dev/mailbox');
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('head@schools.test');
    expect(items[0]).toHaveTextContent('New student: Ann Lee');
    expect(items[0]).toHaveTextContent('new_student');
    expect(items[0]).toHaveTextContent('pending');
    expect(items[0]).toHaveTextContent('03/07/2026 09:05');
    expect(items[1]).toHaveTextContent('03/06/2026 17:45');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    const shown = screen.getByRole('article', { name: 'New student: Ann Lee' });
    expect(shown).toHaveTextContent('Ann Lee was assigned to you.');

    fireEvent.click(items[1]!);
    expect(screen.getByRole('article', { name: 'Welcome' })).toHaveTextContent('Your account is ready.');
    expect(screen.queryByText('Ann Lee was assigned to you.')).not.toBeInTheDocument();
    expect(items[1]).toHaveAttribute('aria-current', 'true');
  });

  it('says so when the outbox is empty', async () => {
    renderMailbox(() => jsonResponse({ messages: [] }));
    expect(await screen.findByText('No mail in the outbox.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument();
  });

  it('shows the error panel when the server has no mailbox (SMTP_URL set)', async () => {
    renderMailbox(() => jsonResponse({ error: 'Mailbox not found' }, 404, 'Not Found'));
    expect(await screen.findByText(messages.errorLoadingContent)).toBeInTheDocument();
    expect(screen.getByText('Mailbox not found')).toBeInTheDocument();
  });

  it('formats the time as MM/DD/YYYY hh:mm on a 24-hour clock', () => {
    expect(formatMailTime(new Date(2026, 10, 22, 23, 7).toISOString())).toBe('11/22/2026 23:07');
    expect(formatMailTime('not a time')).toBe('-');
  });
});
