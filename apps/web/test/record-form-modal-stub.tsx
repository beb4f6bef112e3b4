import { screen } from '@testing-library/react';

// The record forms are another screen's work: the enrollment pages' tests mock the modal with this
// stub, so that it is enough to see what each button opens a form for.

export function RecordFormModal({ target }: { target: unknown }) {
  return target ? <output aria-label="Record form">{JSON.stringify(target)}</output> : null;
}

/** The target of the record form a button opened. */
export const openedForm = async () =>
  JSON.parse((await screen.findByRole('status', { name: 'Record form' })).textContent ?? '');
