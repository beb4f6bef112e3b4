import { render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordForm } from '../src/features/enrollments/forms/record-form.tsx';
import { Providers } from './record-forms-support.tsx';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

/*
 * Issue 30's review: without a signal, Add to student → Visit on the page of a student the phone did
 * not keep (opened by its enrollment's address) spun for ever; the person was not told why.
 */
describe('a record form without a signal', () => {
  it('says the student is not saved on this phone instead of spinning', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    const router = createMemoryRouter([{ path: '*', element: <RecordForm target={{ kind: 'visit', studentId: 5 }} onDone={() => {}} /> }], {
      initialEntries: ['/students/5'],
    });
    render(<RouterProvider router={router} />, { wrapper: Providers });
    expect(await screen.findByText(/This student is not saved on this phone/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
