/**
 * The new-student wizard's steps in SPEC section 2's order. 'manual' is the second step's other
 * branch: the school picker of 'Place in School Manually'.
 */
export type WizardStep = 'search' | 'manual' | 'course' | 'form' | 'schools' | 'success';

/** Each step's title: its key in the 'student-wizard' area. */
export const wizardStepTitleKeys = {
  search: 'stepSearch',
  manual: 'placeManually',
  course: 'stepCourse',
  form: 'stepForm',
  schools: 'suggestedSchools',
  success: 'stepSuccess',
} as const satisfies Record<WizardStep, string>;

/**
 * The steps a person sees on each path, so the counter runs 1, 2, 3… without gaps. The manual
 * path's last step is the new-student form page it goes to (/students/new?school_id=…).
 */
export const wizardPaths = {
  automatic: ['search', 'course', 'form', 'schools', 'success'],
  manual: ['search', 'manual', 'form'],
} as const satisfies Record<string, readonly WizardStep[]>;

/** Where a step stands on a path: its number and the path's length. */
export function positionOn(path: keyof typeof wizardPaths, step: WizardStep): { number: number; total: number } {
  const steps: readonly WizardStep[] = wizardPaths[path];
  return { number: steps.indexOf(step) + 1, total: steps.length };
}

/**
 * Where a step stands on its path. The first step comes before the choice of path: it counts on
 * the path the user would take by default, the automatic one for those who may take it.
 */
export function wizardStepPosition(step: WizardStep, automaticAllowed: boolean): { number: number; total: number } {
  const onManual = step === 'manual' || (step === 'search' && !automaticAllowed);
  return positionOn(onManual ? 'manual' : 'automatic', step);
}

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
