import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { Component as ApiKeysPage } from '../src/routes/api-keys.tsx';
import { curlExample, intakeAnswers, publicInterestFields } from '@srs/shared/public-intake';
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

  it('tells a website’s developer the fields, a curl example of this origin to copy, and what the answers mean', async () => {
    setToken(makeToken(schoolAdmin));
    mockJsonApi({
      'GET /config': () => ({ ...appConfig, features: { interest_tracking: true } }),
      'GET /api_keys': () => ({ api_keys: [key] }),
    });
    const user = userEvent.setup();
    renderPage();
    const guide = await screen.findByRole('region', { name: 'Sending interests from your website' });

    const fields = within(guide).getByRole('table', { name: 'Fields of an interest' });
    const rows = within(fields).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(publicInterestFields.map((field) => field.name));
    const series = rows.find((row) => within(row).queryByText('series', { exact: true }))!;
    expect(within(series).getByText('"Discover Bible Guides"')).toBeInTheDocument();
    expect(within(series).getByText('No')).toBeInTheDocument();
    const firstName = rows[0]!;
    expect(within(firstName).getByText('Yes')).toBeInTheDocument();

    const origin = window.location.origin;
    const example = within(guide).getByRole('figure', { name: 'curl example' });
    expect(example.textContent).toBe(curlExample(origin));
    expect(example.textContent).toContain(`curl -X POST '${origin}/api/public/interests'`);
    expect(example.textContent).toContain("-H 'Authorization: Bearer YOUR_API_KEY'");
    expect(example.textContent).toContain('"series": "Discover Bible Guides"');
    await user.click(within(guide).getByRole('button', { name: 'Copy the curl example' }));
    expect(await navigator.clipboard.readText()).toBe(curlExample(origin));
    expect(within(guide).getByRole('button', { name: 'Copy the curl example' })).toHaveTextContent('Copied');

    const answers = within(guide).getAllByRole('term').map((term) => term.textContent);
    expect(answers).toEqual(['201', '200', '422', '401', '429']);
    for (const answer of intakeAnswers) expect(within(guide).getByText(answer.meaning, { exact: false })).toBeInTheDocument();
  });
});
