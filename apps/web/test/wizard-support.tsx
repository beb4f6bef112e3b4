import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { NewStudentWizard } from '../src/features/students/wizard/new-student-wizard.tsx';
import { fill, renderScreen, student } from './new-student-support.tsx';

// What the new-student wizard's tests share: its search results, its steps and the way through them.

export type User = ReturnType<typeof renderScreen>['user'];

/** Two students found by a search for John Smith: the first a likely duplicate. */
export const found = [
  student(5, { first_name: 'John', last_name: 'Smith', address: '9 Elm St' }),
  student(6, { first_name: 'Johnny', last_name: 'Smithers', school: { id: 4, school_code: '102', church_name: 'East' } }),
];

export const button = (name: string) => screen.getByRole('button', { name });

// Steps change after the form's asynchronous validation: wait for the heading, never read it at once.
export const expectStep = (name: string) => screen.findByRole('heading', { level: 2, name });

/** The step counter above the step's heading: 'Step 2 of 5'. */
export const stepCounter = () => screen.getByText(/^Step \d+ of \d+$/).textContent;

/** The wizard's draft name in these tests (lib/drafts.ts). */
export const wizardDraftName = 'test-wizard';

export function renderWizard(onClose = vi.fn()) {
  const view = renderScreen(<NewStudentWizard onClose={onClose} draftName={wizardDraftName} />);
  return { ...view, onClose };
}

export async function search(user: User, text: string) {
  await fill(user, 'Student name', text);
  await user.click(button('Search'));
  await screen.findByText('Not found? Add the student');
}
