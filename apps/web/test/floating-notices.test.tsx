import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuickAdd } from '../src/app/shell/quick-add.tsx';
import { ToastContainers } from '../src/app/toast-containers.tsx';
import { showError, showHandlerError, showSuccess } from '../src/lib/toasts.ts';
import { mobileQuery } from '../src/lib/use-is-mobile.ts';
import { mediaQueryList } from './media-query.ts';
import { mockApi, Providers } from './record-forms-support.tsx';
import { instructor, Wrapper } from './support.tsx';

/**
 * Issue 25: the floating button and the notices never cover an action. A notice of a kind replaces
 * the one showing; the Quick Add button that stepped aside for typing does not come back under the
 * finger that taps Save.
 */
afterEach(() => {
  act(() => toast.dismiss());
  vi.restoreAllMocks();
});

describe('notices, one of a kind at a time', () => {
  const shown = (kind: 'success' | 'error') => document.querySelectorAll(`.Toastify__toast--${kind}`);

  it('a new success replaces the one showing instead of stacking under it', async () => {
    render(<ToastContainers />, { wrapper: Wrapper });
    act(() => showSuccess('Lesson 1 sent.'));
    expect(await screen.findByText('Lesson 1 sent.')).toBeInTheDocument();
    act(() => showSuccess('Updated successfully.'));
    act(() => showSuccess('Lesson 3 sent.'));
    expect(await screen.findByText('Lesson 3 sent.')).toBeInTheDocument();
    await waitFor(() => expect(shown('success')).toHaveLength(1));
    expect(screen.queryByText('Lesson 1 sent.')).toBeNull();
    expect(screen.queryByText('Updated successfully.')).toBeNull();
  });

  it('a notice closed a moment ago does not swallow the next one of its kind', async () => {
    render(<ToastContainers />, { wrapper: Wrapper });
    act(() => showHandlerError('Something went wrong.'));
    await userEvent.click(await screen.findByText('Something went wrong.'));
    // At once, while the closed one is still on its way out.
    act(() => showHandlerError('You are not authorized to perform this action.'));
    expect(await screen.findByText('You are not authorized to perform this action.')).toBeInTheDocument();
  });

  it("the shared handler's errors and the others too, each kind in its own place", async () => {
    render(<ToastContainers />, { wrapper: Wrapper });
    act(() => {
      showHandlerError('Something went wrong.');
      showHandlerError('You are not authorized to perform this action.');
      showError('Error fetching countries.');
      showError('Error fetching states.');
      showSuccess('Note created successfully.');
    });
    expect(await screen.findByText('You are not authorized to perform this action.')).toBeInTheDocument();
    expect(await screen.findByText('Error fetching states.')).toBeInTheDocument();
    await waitFor(() => expect(shown('error')).toHaveLength(2));
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    expect(screen.queryByText('Error fetching countries.')).toBeNull();
    expect(screen.getByText('Note created successfully.')).toBeInTheDocument();
  });
});

describe('the Quick Add button on a phone, and a tap on Save', () => {
  function renderForm(onSave: () => void) {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => mediaQueryList(query, query === mobileQuery));
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <input aria-label="City" />
              <button type="button" onClick={onSave}>
                Save
              </button>
              <QuickAdd user={instructor} />
            </>
          ),
        },
      ],
      { initialEntries: ['/students/12/profile'] },
    );
    render(<RouterProvider router={router} />, { wrapper: Providers });
  }
  const quickAdd = () => screen.queryByRole('button', { name: 'Quick Add' });

  it('stays away until the tap that ended the typing has landed on Save, then comes back', async () => {
    mockApi();
    const onSave = vi.fn();
    renderForm(onSave);
    await userEvent.click(screen.getByRole('textbox', { name: 'City' }));
    await waitFor(() => expect(quickAdd()).toBeNull());

    // A finger on Save: the field loses its focus as it goes down.
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.pointerDown(save);
    act(() => save.focus());
    expect(quickAdd()).toBeNull();
    // Held a while (longer than the pause), the button still waits for the finger to lift.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(quickAdd()).toBeNull();
    fireEvent.pointerUp(save);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(quickAdd()).toBeNull();
    // A moment later, it is back where it was.
    expect(await screen.findByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
  });

  it('does not come back if the person goes back to typing within the pause', async () => {
    mockApi();
    renderForm(() => {});
    const city = screen.getByRole('textbox', { name: 'City' });
    await userEvent.click(city);
    await waitFor(() => expect(quickAdd()).toBeNull());
    act(() => screen.getByRole('button', { name: 'Save' }).focus());
    act(() => city.focus());
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(quickAdd()).toBeNull();
  });
});
