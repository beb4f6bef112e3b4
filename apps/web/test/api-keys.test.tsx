import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { Component as ApiKeysPage } from '../src/routes/api-keys.tsx';
import { setToken } from '../src/lib/session.ts';
import { appConfig, makeToken, mockJsonApi, schoolAdmin, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const key = {
  id: 4,
  name: 'Central Church website',
  prefix: 'srs_3f9a1c2e',
  created_at: '2026-11-20T10:00:00Z',
  created_by: 'Grace Global',
  last_used_at: null,
  revoked_at: null,
};

function renderPage() {
  return render(
    <MemoryRouter>
      <ApiKeysPage />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
}

describe('/account/settings/api-keys', () => {
  it('shows a new key once, to copy, and lists keys by their first characters only', async () => {
    setToken(makeToken(schoolAdmin));
    const created = { api_key: { ...key, id: 5, name: 'Youth website', prefix: 'srs_0badc0de' }, key: `srs_0badc0de${'a'.repeat(40)}` };
    const api = mockJsonApi({
      'GET /config': () => ({ ...appConfig, features: { interest_tracking: true } }),
      'GET /api_keys': () => ({ api_keys: [key] }),
      'POST /api_keys': () => created,
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('srs_3f9a1c2e…')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Youth website');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('Key to copy')).toHaveTextContent(created.key);
    expect(api.callsTo('POST', '/api_keys')[0]?.body).toEqual({ name: 'Youth website' });
  });
});
