import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MailView } from '../src/features/mail/components/mail-view.tsx';
import { Wrapper } from './support.tsx';

describe('a message in the development mailbox', () => {
  it('shows its web addresses as links, the rest as written', () => {
    const text = 'Welcome, Quinn.\nSet your password: http://localhost:5200/idp/welcome/abc-123\nIt works for 7 days.';
    render(
      <MailView
        message={{
          id: 1,
          to: 'quinn@example.org',
          subject: 'Welcome to the Student Records System',
          text,
          kind: 'welcome',
          status: 'kept',
          attempts: 0,
          created_at: '2026-11-25T10:00:00Z',
          sent_at: null,
        }}
      />,
      { wrapper: Wrapper },
    );
    expect(screen.getByRole('link', { name: 'http://localhost:5200/idp/welcome/abc-123' })).toHaveAttribute(
      'href',
      'http://localhost:5200/idp/welcome/abc-123',
    );
    expect(screen.getByRole('article').querySelector('pre')?.textContent).toBe(text);
  });
});
