import { userLimitMessages, tooLargeMessage } from '@srs/shared/user-limits';
import { messages } from '@srs/shared/messages';
import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlerMessage } from '../src/lib/http-errors.ts';
import { setToken } from '../src/lib/session.ts';
import * as studentsList from '../src/routes/students-list.tsx';
import { showHandlerError } from './mocks/toasts.ts';
import { mockApi } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin } from './support.tsx';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });
vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const tooManySearches = userLimitMessages.search;

describe('a refusal for too many requests or too large a body shows its sentence (issue 26)', () => {
  it("the shared handler shows a 429's and a 413's sentence; without one, the status text", () => {
    expect(handlerMessage(429, { error: tooManySearches }, 'Too Many Requests')).toBe(tooManySearches);
    expect(handlerMessage(413, { error: tooLargeMessage(5 * 1024 * 1024) }, 'Payload Too Large')).toBe(
      'This request is too large (the limit is 5 MB).',
    );
    expect(handlerMessage(429, null, 'Too Many Requests')).toBe('Too Many Requests');
  });

  it('a refused search shows the sentence where the list would be, not an empty list', async () => {
    setToken(makeToken(schoolAdmin));
    mockApi({ 'GET /students': () => jsonResponse({ error: tooManySearches }, 429, 'Too Many Requests') });
    renderRoutes([{ path: '/students', Component: studentsList.Component }], '/students?query=ann');
    expect(await screen.findByText(tooManySearches)).toBeInTheDocument();
    expect(screen.queryByText(messages.noStudents)).not.toBeInTheDocument();
    expect(showHandlerError).toHaveBeenCalledWith(tooManySearches);
  });
});
