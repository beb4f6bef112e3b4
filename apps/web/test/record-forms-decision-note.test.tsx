import { messages } from '@srs/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { choose, field, mockApi, openOptions, ready, renderForm, save } from './record-forms-support.tsx';

// Mantine's selects and the forms' queries take a few seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const checkbox = (name: string) => screen.findByRole('checkbox', { name });

describe('Record a decision (SPEC sections 4 and 5)', () => {
  it('requires the lesson or presentation', async () => {
    const api = mockApi();
    renderForm({ kind: 'decision', studentId: 5, enrollmentId: 11 });
    await ready();
    await checkbox('Baptism');
    await save();
    expect(await screen.findByText(messages.fieldRequired)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([]);
  });

  it('Save is disabled when the series has no decision options', async () => {
    mockApi();
    renderForm({ kind: 'decision', studentId: 5, enrollmentId: 12 });
    await ready();
    expect(await screen.findByText('This series has no decision options.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('ticks the decisions recorded on the lesson; keeps the ticked, destroys the unticked', async () => {
    const api = mockApi();
    const { onDone } = renderForm({ kind: 'decision', studentId: 5, enrollmentId: 11 });
    await ready();
    await waitFor(() => expect(field('Lesson')).toHaveAttribute('placeholder', 'Select'));
    await choose('Lesson', '1. The Bible');
    await waitFor(async () => expect(await checkbox('Accept Jesus')).toBeChecked());
    expect(await checkbox('Baptism')).not.toBeChecked();
    await userEvent.click(await checkbox('Accept Jesus'));
    await userEvent.click(await checkbox('Baptism'));
    await save();
    expect(await screen.findByText(messages.decisionsUpdated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      {
        episode_deliveries_attributes: [
          { id: 501, decisions_attributes: [{ decision_option_id: 32 }, { id: 900, _destroy: true }] },
        ],
      },
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('a ticked existing decision is kept: nothing is sent for it', async () => {
    const api = mockApi();
    renderForm({ kind: 'decision', studentId: 5, enrollmentId: 11, context: { type: 'lesson', id: 501 } });
    await ready();
    await waitFor(async () => expect(await checkbox('Accept Jesus')).toBeChecked());
    expect(field('Lesson')).toHaveValue('1. The Bible');
    await userEvent.click(await checkbox('Baptism'));
    await save();
    expect(await screen.findByText(messages.decisionsUpdated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      { episode_deliveries_attributes: [{ id: 501, decisions_attributes: [{ decision_option_id: 32 }] }] },
    ]);
  });

  it('a presentation attended: its decisions are written on its attendance', async () => {
    const api = mockApi();
    renderForm({ kind: 'decision', studentId: 5, enrollmentId: 14 });
    await ready();
    await waitFor(() => expect(field('Presentation')).toHaveAttribute('placeholder', 'Select'));
    await choose('Presentation', '1. Prophecy Opens');
    await waitFor(async () => expect(await checkbox('Keep the Sabbath')).toBeChecked());
    await userEvent.click(await checkbox('Keep the Sabbath'));
    await save();
    expect(await screen.findByText(messages.decisionsUpdated)).toBeInTheDocument();
    expect(api.puts(14)).toEqual([
      { attendances_attributes: [{ id: 601, decisions_attributes: [{ id: 950, _destroy: true }] }] },
    ]);
  });

  it('a presentation not attended yet is sent by its episode', async () => {
    const api = mockApi();
    renderForm({ kind: 'decision', studentId: 5, enrollmentId: 14, context: { type: 'presentation', id: 202 } });
    await ready();
    await userEvent.click(await checkbox('Baptism'));
    await save();
    expect(await screen.findByText(messages.decisionsUpdated)).toBeInTheDocument();
    expect(api.puts(14)).toEqual([
      { attendances_attributes: [{ episode_id: 202, decisions_attributes: [{ decision_option_id: 42 }] }] },
    ]);
  });

  it('opened for a visit: the decisions are written on that visit', async () => {
    const api = mockApi();
    renderForm({ kind: 'decision', studentId: 5, enrollmentId: 11, context: { type: 'visit', id: 701 } });
    await ready();
    await waitFor(() => expect(field('Lesson or visit')).toHaveValue('Visit 02/10/2026'));
    await userEvent.click(await checkbox('Baptism'));
    await save();
    expect(await screen.findByText(messages.decisionsUpdated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      { visits_attributes: [{ id: 701, decisions_attributes: [{ decision_option_id: 32 }] }] },
    ]);
  });
});

describe('Add a note (SPEC sections 4 and 5)', () => {
  it('requires the context, the record, the note type and the text', async () => {
    const api = mockApi();
    renderForm({ kind: 'note', studentId: 5, enrollmentId: 11 });
    await ready();
    await save();
    expect(await screen.findAllByText(messages.fieldRequired)).toHaveLength(4);
    expect(api.puts(11)).toEqual([]);
  });

  it('offers the lesson or a reminder as context', async () => {
    mockApi();
    renderForm({ kind: 'note', studentId: 5, enrollmentId: 11 });
    await ready();
    const contexts = await openOptions('Context');
    expect(contexts()).toEqual(['Lesson', 'Reminder']);
  });

  it("writes the note on the chosen reminder: 'Note created successfully.'", async () => {
    const api = mockApi();
    const { onDone } = renderForm({ kind: 'note', studentId: 5, enrollmentId: 11 });
    await ready();
    await choose('Context', 'Reminder');
    await waitFor(() => expect(field('Reminder')).toHaveAttribute('placeholder', 'Select'));
    await choose('Reminder', 'Reminder 03/01/2026');
    await choose('Note type', 'Prayer request');
    await userEvent.type(field('Note'), 'Pray for her mother');
    await save();
    expect(await screen.findByText(messages.noteCreated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      {
        reminders_attributes: [
          { id: 801, notes_attributes: [{ type: 'PrayerRequest', text: 'Pray for her mother' }] },
        ],
      },
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('starts with the lesson it was opened for', async () => {
    const api = mockApi();
    renderForm({ kind: 'note', studentId: 5, enrollmentId: 11, context: { type: 'lesson', id: 501 } });
    await ready();
    expect(field('Context')).toHaveValue('Lesson');
    await waitFor(() => expect(field('Lesson')).toHaveValue('1. The Bible'));
    await choose('Note type', 'Note');
    await userEvent.type(field('Note'), 'Who wrote it?');
    await save();
    expect(await screen.findByText(messages.noteCreated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([
      { episode_deliveries_attributes: [{ id: 501, notes_attributes: [{ type: 'Note', text: 'Who wrote it?' }] }] },
    ]);
  });
});
