import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { draftsOfOptions, optionsPayload } from '../src/features/catalogue/catalogue-list.ts';
import { ListEditor } from '../src/features/catalogue/components/list-editor.tsx';
import { Wrapper } from './support.tsx';

const words = {
  one: 'decision option',
  many: 'decision options',
  uses: (n: number) => `Recorded ${n} times`,
  kept: 'An option in use cannot be removed',
};

const loaded = draftsOfOptions([
  { id: 1, name: 'Baptism', position: 1, active: true, uses_count: 2 },
  { id: 2, name: 'Unused', position: 2, active: true, uses_count: 0 },
]);

function renderEditor(onSave: (items: ReturnType<typeof draftsOfOptions>) => Promise<unknown>) {
  return render(
    <ListEditor kind="decision_options" words={words} loaded={loaded} retire onSave={onSave} saving={false} />,
    { wrapper: Wrapper },
  );
}

describe('the catalogue list editor', () => {
  it('reorders with buttons, marks an unused item for removal, retires one in use, and saves the list in order', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    renderEditor(async (items) => saved.push(optionsPayload(items)));
    // An option in use cannot be removed, and says so.
    expect(screen.getByRole('button', { name: 'Remove "Baptism"' })).toBeDisabled();
    expect(screen.getByText(/Recorded 2 times, so it cannot be removed; switch it off to retire it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save decision options' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move "Unused" up' }));
    await user.click(screen.getByRole('button', { name: 'Remove "Unused"' }));
    expect(screen.getByText('Will be removed when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: '"Baptism": active (offered in the pickers)' }));
    await user.click(screen.getByRole('button', { name: 'Add a decision option' }));
    await user.type(screen.getAllByRole('textbox').at(-1)!, 'Bible study');
    expect(screen.getByText('Saving removes 1 decision option for good.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save decision options' }));
    expect(saved).toEqual([
      [
        { id: 2, name: 'Unused', active: true, _destroy: true },
        { id: 1, name: 'Baptism', active: false },
        { name: 'Bible study', active: true },
      ],
    ]);
  }, 20_000);

  it('asks for a name before saving, and keeps what was typed when the save fails', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(() => Promise.reject(new Error('422')));
    renderEditor(onSave);
    await user.click(screen.getByRole('button', { name: 'Add a decision option' }));
    await user.click(screen.getByRole('button', { name: 'Save decision options' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Some decision options need a correction');
    await user.type(screen.getAllByRole('textbox').at(-1)!, 'Prayer');
    await user.click(screen.getByRole('button', { name: 'Save decision options' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('textbox').at(-1)).toHaveValue('Prayer');
  }, 20_000);
});
