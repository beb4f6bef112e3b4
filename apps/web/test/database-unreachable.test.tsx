import { studentEndpoints } from '@srs/shared/endpoints/students';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@srs/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../src/lib/http.ts';
import { HttpError, handlerMessage } from '../src/lib/http-errors.ts';
import { choose, field, mockApi, ready, renderForm, save } from './record-forms-support.tsx';
import { jsonResponse } from './support.tsx';

// Mantine's selects and the forms' queries take a few seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** The server's answer while PostgreSQL restarts (apps/server/src/db/unreachable.ts). */
const unreachable = 'The database cannot be reached just now. Please try again in a minute.';
const unreachableResponse = () => jsonResponse({ error: unreachable }, 503, 'Service Unavailable');

describe('the database out of reach (issue 26)', () => {
  it("the shared handler shows a 503's sentence; a 503 without one keeps its status text", () => {
    expect(handlerMessage(503, { error: unreachable }, 'Service Unavailable')).toBe(unreachable);
    expect(handlerMessage(503, null, 'Service Unavailable')).toBe('Service Unavailable');
    expect(handlerMessage(500, { error: 'Internal Server Error' }, 'Internal Server Error')).toBe(messages.somethingWentWrong);
  });

  it('a call refused with it fails with the sentence as its message', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(unreachableResponse()));
    const error = await call(studentEndpoints.list, { toastErrors: false }).then(
      () => null,
      (failed: unknown) => failed,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, message: unreachable, handlerText: unreachable });
  });

  it('a save refused with it shows the sentence and keeps what was typed', async () => {
    const api = mockApi({ 'PUT /enrollments/11': unreachableResponse });
    renderForm({ kind: 'product', studentId: 5, enrollmentId: 11 });
    await ready();
    await waitFor(() => expect(field('Product')).toBeEnabled());
    await choose('Product', 'Study Bible ($12.50)');
    await userEvent.type(field('Visitor name'), 'Paul');
    await save();
    expect(await screen.findByText(unreachable)).toBeInTheDocument();
    expect(api.puts(11)).toHaveLength(1);
    expect(field('Product')).toHaveValue('Study Bible ($12.50)');
    expect(field('Visitor name')).toHaveValue('Paul');
    expect(within(document.body).queryByText(messages.updated)).not.toBeInTheDocument();
  });
});
