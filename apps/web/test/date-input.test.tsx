import { Modal } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInput } from '../src/components/date-input.tsx';
import { phoneScreen } from './media-query.ts';
import { Wrapper } from './support.tsx';

type ControlledProps = { initial?: string | null; onChange: (value: string | null) => void };

function Controlled({ initial = null, onChange }: ControlledProps) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateInput
      label="Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function setup(initial: string | null = null) {
  const onChange = vi.fn();
  render(<Controlled initial={initial} onChange={onChange} />, { wrapper: Wrapper });
  return { onChange, input: screen.getByLabelText('Date') as HTMLInputElement };
}

describe('date input (SPEC sections 5 and 9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the placeholder 00/00/0000 and a stored date as MM/DD/YYYY', () => {
    const { input } = setup();
    expect(input).toHaveAttribute('placeholder', '00/00/0000');
    expect(input).not.toHaveAttribute('type', 'date');
    render(<Controlled initial="2026-03-07" onChange={vi.fn()} />, { wrapper: Wrapper });
    expect(screen.getAllByLabelText('Date')[1]).toHaveValue('03/07/2026');
  });

  it('reads typed MM/dd/yyyy text as YYYY-MM-DD', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '3/7/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-07');
    await userEvent.tab();
    expect(screen.queryByText(messages.dateInvalid)).not.toBeInTheDocument();
  });

  it("text that cannot be read gives 'Date input not valid.' once the field is left", async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '02/30/2026');
    expect(screen.queryByText(messages.dateInvalid)).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText(messages.dateInvalid)).toBeInTheDocument();
    // The text travels on, so the form's schema refuses it instead of saving an empty date.
    expect(onChange).toHaveBeenLastCalledWith('02/30/2026');
    expect(input).toHaveValue('02/30/2026');
  });

  it('refuses dates earlier than 1 Jan 1800', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '12/31/1799');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('12/31/1799');
    expect(screen.getByText(messages.dateInvalid)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '01/01/1800');
    expect(onChange).toHaveBeenLastCalledWith('1800-01-01');
    await userEvent.tab();
    expect(screen.queryByText(messages.dateInvalid)).not.toBeInTheDocument();
  });

  it('an emptied field is null', async () => {
    const { input, onChange } = setup('2026-03-07');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('picks a day from the calendar', async () => {
    const { onChange, input } = setup('2026-03-07');
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog');
    await userEvent.click(within(calendar).getByLabelText('19 March 2026'));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-19');
    expect(input).toHaveValue('03/19/2026');
  });

  it('the calendar button says whether the calendar is open; the text field carries no popup state', async () => {
    const { input } = setup('2026-03-07');
    const button = screen.getByRole('button', { name: 'Open calendar' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Calendar' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // ARIA allows aria-expanded and aria-haspopup on a combobox, not on a plain text field.
    expect(input).not.toHaveAttribute('aria-expanded');
    expect(input).not.toHaveAttribute('aria-haspopup');
  });

  it('the calendar runs from 1900 to 2100', async () => {
    setup('1900-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog');
    const previous = calendar.querySelector('[data-direction="previous"]');
    const next = calendar.querySelector('[data-direction="next"]');
    expect(previous).toHaveAttribute('data-disabled');
    expect(next).not.toHaveAttribute('data-disabled');
    expect(within(calendar).getByLabelText('1 January 1900')).not.toBeDisabled();
  });

  it('Escape closes the calendar, not the modal around it', async () => {
    const onClose = vi.fn();
    render(
      <Modal opened onClose={onClose} title="Form">
        <Controlled onChange={vi.fn()} />
      </Modal>,
      { wrapper: Wrapper },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    await screen.findAllByLabelText(/^1 /);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByLabelText(/^1 /)).not.toBeInTheDocument());
  });

  it('uses the native date input on narrow screens, from 1800-01-01', () => {
    phoneScreen();
    const { input, onChange } = setup();
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', '1800-01-01');
    fireEvent.change(input, { target: { value: '2026-03-07' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-03-07');
    fireEvent.change(input, { target: { value: '1799-12-31' } });
    fireEvent.blur(input);
    expect(screen.getByText(messages.dateInvalid)).toBeInTheDocument();
  });
});
