import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuickFind, shouldSearch } from '../src/components/quick-find.tsx';
import { Wrapper } from './support.tsx';

describe('Quick find (SPEC section 5)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(value = '') {
    const onSearch = vi.fn();
    const view = render(<QuickFind value={value} onSearch={onSearch} minLength={2} />, { wrapper: Wrapper });
    const input = screen.getByLabelText('Quick find');
    const type = (text: string) => fireEvent.change(input, { target: { value: text } });
    return { onSearch, type, view };
  }

  it('fires after a 500 ms pause', () => {
    const { onSearch, type } = setup();
    type('an');
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledWith('an');
  });

  it('waits for the typing to pause', () => {
    const { onSearch, type } = setup();
    type('an');
    act(() => vi.advanceTimersByTime(400));
    type('ann');
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ann');
  });

  it('does not fire for one character', () => {
    const { onSearch, type } = setup();
    type('a');
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('fires when the box is emptied', () => {
    const { onSearch, type } = setup('ann');
    type('');
    act(() => vi.advanceTimersByTime(500));
    expect(onSearch).toHaveBeenCalledWith('');
  });

  it('shows a search that changed the URL elsewhere', () => {
    const { view } = setup('ann');
    view.rerender(<QuickFind value="bob" onSearch={vi.fn()} minLength={2} />);
    expect(screen.getByLabelText('Quick find')).toHaveValue('bob');
  });

  it('rule: empty or at least the minimum length', () => {
    expect(shouldSearch('', 2)).toBe(true);
    expect(shouldSearch('a', 2)).toBe(false);
    expect(shouldSearch(' a ', 2)).toBe(false);
    expect(shouldSearch('ab', 2)).toBe(true);
    expect(shouldSearch('abc', 3)).toBe(true);
  });
});
