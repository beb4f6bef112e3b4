import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportUndoResponse } from '@srs/shared/versions';
import type { UseMutationResult } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ImportUndo, undoneSentence } from '../src/features/versions/components/import-undo.tsx';
import { HttpError } from '../src/lib/http-errors.ts';
import { Wrapper } from './support.tsx';

const done: ImportUndoResponse = {
  version_id: 7,
  record_path: null,
  undone: { students: 2, enrollments: 3, lessons: 1 },
  kept: [{ student_id: 41, name: 'Eve Ray', why: 'Changed since the import' }],
};
const refusal = new HttpError('1 student of this import changed since.', 409, {
  error: '1 student of this import changed since. Undo the rest and keep it, or leave the import as it is.',
  kept: done.kept,
});

/** A mutation that refuses the first undo (something changed since) and does the one told to keep it. */
function fakeUndo() {
  const calls: boolean[] = [];
  const mutate = vi.fn((keepChanged: boolean, handlers: { onSuccess?: (result: ImportUndoResponse) => void; onError?: (error: Error) => void }) => {
    calls.push(keepChanged);
    if (keepChanged) handlers.onSuccess?.(done);
    else handlers.onError?.(refusal);
  });
  return { calls, undo: { mutate, isPending: false } as unknown as UseMutationResult<ImportUndoResponse, Error, boolean> };
}

describe('an import undone from its version (issue 27)', () => {
  it('asks first, names what changed since, then undoes the rest when told', async () => {
    const { calls, undo } = fakeUndo();
    render(
      <MemoryRouter>
        <ImportUndo importUndo={{ can_undo: true, undone_at: null }} undo={undo} />
      </MemoryRouter>,
      { wrapper: Wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    expect(await screen.findByText(/Each student can still be brought back from Versions/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText(/1 student of this import changed since\. Undo the rest/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Eve Ray' })).toHaveAttribute('href', '/students/41');
    await userEvent.click(screen.getByRole('button', { name: 'Undo the rest' }));
    expect(calls).toEqual([false, true]);
  });

  it('says when it was undone, and offers nothing to whom may not undo it', () => {
    const { undo } = fakeUndo();
    const { rerender } = render(<ImportUndo importUndo={{ can_undo: false, undone_at: '2026-11-20T10:00:00.000Z' }} undo={undo} />, { wrapper: Wrapper });
    expect(screen.getByText(/This import was undone on 11\/20\/2026/)).toBeInTheDocument();
    rerender(<ImportUndo importUndo={{ can_undo: false, undone_at: null }} undo={undo} />);
    expect(screen.queryByRole('button', { name: 'Undo this import' })).not.toBeInTheDocument();
  });

  it('tells what was deleted and what was kept', () => {
    expect(undoneSentence(done)).toBe('Import undone: 2 students, 3 enrollments and 1 lesson deleted; 1 student kept.');
    expect(undoneSentence({ ...done, kept: [] })).toBe('Import undone: 2 students, 3 enrollments and 1 lesson deleted.');
  });
});
