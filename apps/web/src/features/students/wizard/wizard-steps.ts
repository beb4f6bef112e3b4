/**
 * The new-student wizard's steps in SPEC section 2's order. 'manual' is the second step's other
 * branch: the school picker of 'Place in School Manually'.
 */
export type WizardStep = 'search' | 'manual' | 'course' | 'form' | 'schools' | 'success';

export const wizardStepCount = 6;

export const wizardSteps: Record<WizardStep, { number: number; title: string }> = {
  search: { number: 1, title: 'Search by name' },
  manual: { number: 2, title: 'Place in School Manually' },
  course: { number: 3, title: 'Assign new student automatically' },
  form: { number: 4, title: 'Address' },
  schools: { number: 5, title: 'Suggested schools' },
  success: { number: 6, title: 'Student created' },
};

/**
 * SPEC section 4, back steps: from success to the school list, from the school list to the
 * form, from the form to the series step; from the first step the wizard closes (null). Both
 * branches of the second step go back to the search.
 */
export const previousStep: Record<WizardStep, WizardStep | null> = {
  search: null,
  manual: 'search',
  course: 'search',
  form: 'course',
  schools: 'form',
  success: 'schools',
};
