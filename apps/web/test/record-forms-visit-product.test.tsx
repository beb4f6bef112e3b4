import { formatDate } from '@srs/shared/dates';
import { messages } from '@srs/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../src/lib/dates.ts';
import { choose, field, mockApi, ready, renderForm, save, typeDate } from './record-forms-support.tsx';

// Mantine's selects and the forms' queries take a few seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** The error shown under a field. */
function errorOf(name: string): string | null {
  const input = field(name);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('Add a visit (SPEC section 5)', () => {
  it('the date starts at today: a visit is mostly recorded the day it is made (issue 25)', async () => {
    mockApi();
    renderForm({ kind: 'visit', studentId: 5, enrollmentId: 11 });
    await ready();
    expect(field('Date')).toHaveValue(formatDate(todayIso()));
  });

  it('reads 12012026 typed in the date as 12/01/2026 and sends 2026-12-01', async () => {
    const api = mockApi();
    renderForm({ kind: 'visit', studentId: 5, enrollmentId: 11 });
    await ready();
    await userEvent.clear(field('Date'));
    await userEvent.type(field('Date'), '12012026');
    await userEvent.tab();
    expect(field('Date')).toHaveValue('12/01/2026');
    await save();
    expect(await screen.findByText(messages.visitCreated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([{ visits_attributes: [{ date: '2026-12-01' }] }]);
  });

  it('requires the series and the date', async () => {
    const api = mockApi();
    renderForm({ kind: 'visit', studentId: 5 });
    await ready();
    typeDate('Date', '');
    await save();
    await waitFor(() => expect(errorOf('Series')).toBe(messages.fieldRequired));
    expect(errorOf('Date')).toBe(messages.fieldRequired);
    expect(errorOf('Note type')).toBeNull();
    expect(api.puts(11)).toEqual([]);
  });

  it('note text without a type: the type is required', async () => {
    const api = mockApi();
    renderForm({ kind: 'visit', studentId: 5, enrollmentId: 11 });
    await ready();
    typeDate('Date', '03/07/2026');
    // The type starts at Note; choosing it again takes it away.
    expect(field('Note type')).toHaveValue('Note');
    await choose('Note type', 'Note');
    await userEvent.type(field('Note'), 'Met the family');
    await save();
    await waitFor(() => expect(errorOf('Note type')).toBe(messages.fieldRequired));
    expect(api.puts(11)).toEqual([]);
  });

  it("sends the ticked decisions, no note without text, and says 'Visit created successfully.'", async () => {
    const api = mockApi();
    const { onDone } = renderForm({ kind: 'visit', studentId: 5, enrollmentId: 11 });
    await ready();
    typeDate('Date', '03/07/2026');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Baptism' }));
    await choose('Note type', 'Prayer request');
    await save();
    expect(await screen.findByText(messages.visitCreated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      { visits_attributes: [{ date: '2026-03-07', decisions_attributes: [{ decision_option_id: 32 }] }] },
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('sends the note when both its type and text are present', async () => {
    const api = mockApi();
    renderForm({ kind: 'visit', studentId: 5, enrollmentId: 14 });
    await ready();
    typeDate('Date', '03/07/2026');
    await userEvent.type(field('Note'), '  Asked about baptism ');
    await save();
    expect(await screen.findByText(messages.visitCreated)).toBeInTheDocument();
    expect(api.puts(14)).toEqual([
      {
        visits_attributes: [{ date: '2026-03-07', notes_attributes: [{ type: 'Note', text: 'Asked about baptism' }] }],
      },
    ]);
  });

  it("words a note over 5000 characters as 'Note is too long (at most 5,000 characters)'", async () => {
    const api = mockApi();
    renderForm({ kind: 'visit', studentId: 5, enrollmentId: 11 });
    await ready();
    typeDate('Date', '03/07/2026');
    fireEvent.change(field('Note'), { target: { value: 'n'.repeat(5001) } });
    await save();
    await waitFor(() => expect(errorOf('Note')).toBe('Note is too long (at most 5,000 characters)'));
    expect(api.puts(11)).toEqual([]);
  });
});

describe('Add a reminder (SPEC section 5)', () => {
  it('requires the series and the date, and the note type once there is text', async () => {
    const api = mockApi();
    renderForm({ kind: 'reminder', studentId: 5 });
    await ready();
    // A reminder is for a day to come: unlike a visit's, its date starts empty (issue 25).
    expect(field('Date')).toHaveValue('');
    await choose('Note type', 'Note');
    await userEvent.type(field('Note'), 'Call back');
    await save();
    await waitFor(() => expect(errorOf('Series')).toBe(messages.fieldRequired));
    expect(errorOf('Date')).toBe(messages.fieldRequired);
    expect(errorOf('Note type')).toBe(messages.fieldRequired);
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("sends the reminder without a note when no note text is typed: 'Reminder created successfully.'", async () => {
    const api = mockApi();
    renderForm({ kind: 'reminder', studentId: 5, enrollmentId: 11 });
    await ready();
    typeDate('Date', '04/01/2026');
    expect(field('Note type')).toHaveValue('Note');
    await save();
    expect(await screen.findByText(messages.reminderCreated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([{ reminders_attributes: [{ date: '2026-04-01' }] }]);
  });
});

describe('Send a product (SPEC section 5)', () => {
  it('requires the product offer; delivered today, one item by default', async () => {
    const api = mockApi();
    renderForm({ kind: 'product', studentId: 5, enrollmentId: 11 });
    await ready();
    expect(field('Delivered date')).toHaveValue(
      `${todayIso().slice(5, 7)}/${todayIso().slice(8, 10)}/${todayIso().slice(0, 4)}`,
    );
    expect(field('Quantity')).toHaveValue('1');
    await save();
    await waitFor(() => expect(errorOf('Product')).toBe(messages.fieldRequired));
    expect(api.puts(11)).toEqual([]);
  });

  it("a blank price is sent as null, the offer's default price shown as placeholder", async () => {
    const api = mockApi();
    const { onDone } = renderForm({ kind: 'product', studentId: 5, enrollmentId: 11 });
    await ready();
    await waitFor(() => expect(field('Product')).toBeEnabled());
    await choose('Product', 'Study Bible ($12.50)');
    expect(field('Price')).toHaveAttribute('placeholder', '12.50');
    typeDate('Delivered date', '03/07/2026');
    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '3');
    await userEvent.type(field('Visitor name'), 'Paul');
    await save();
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      {
        product_deliveries_attributes: [
          {
            product_id: 61,
            delivered_at: '2026-03-07',
            quantity: 3,
            price: null,
            visitor_name: 'Paul',
            delivery_type: null,
          },
        ],
      },
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('a typed price is sent as a number', async () => {
    const api = mockApi();
    renderForm({ kind: 'product', studentId: 5, enrollmentId: 11 });
    await ready();
    await waitFor(() => expect(field('Product')).toBeEnabled());
    await choose('Product', 'Study Bible ($12.50)');
    await userEvent.type(field('Price'), '4.5');
    await save();
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    const body = api.puts(11)[0] as { product_deliveries_attributes: { price: unknown }[] };
    expect(body.product_deliveries_attributes[0]?.price).toBe(4.5);
  });

  it('words the quantity, price and visitor name limits as sentences, never the schema\'s wording', async () => {
    const api = mockApi();
    renderForm({ kind: 'product', studentId: 5, enrollmentId: 11 });
    await ready();
    await waitFor(() => expect(field('Product')).toBeEnabled());
    await choose('Product', 'Study Bible ($12.50)');
    await userEvent.clear(field('Quantity'));
    await userEvent.type(field('Quantity'), '99999999999999');
    await userEvent.type(field('Price'), '99999999999999999999');
    fireEvent.change(field('Visitor name'), { target: { value: 'v'.repeat(500) } });
    await save();
    await waitFor(() => expect(errorOf('Quantity')).toBe('Quantity must be at most 100,000'));
    expect(errorOf('Price')).toBe('Price must be at most 1,000,000');
    expect(errorOf('Visitor name')).toBe('Visitor name is too long (at most 200 characters)');
    expect(api.puts(11)).toEqual([]);
  });

  it('a failed save keeps the values', async () => {
    const api = mockApi({ 'PUT /enrollments/11': () => new Response(null, { status: 500 }) });
    renderForm({ kind: 'product', studentId: 5, enrollmentId: 11 });
    await ready();
    await waitFor(() => expect(field('Product')).toBeEnabled());
    await choose('Product', 'Study Bible ($12.50)');
    await userEvent.type(field('Visitor name'), 'Paul');
    await save();
    expect(await screen.findByText(messages.somethingWentWrong)).toBeInTheDocument();
    expect(api.puts(11)).toHaveLength(1);
    expect(field('Product')).toHaveValue('Study Bible ($12.50)');
    expect(field('Visitor name')).toHaveValue('Paul');
    expect(within(document.body).queryByText(messages.updated)).not.toBeInTheDocument();
  });
});
