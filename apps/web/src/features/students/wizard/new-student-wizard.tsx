import { Checkbox, Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { Student, StudentFields, SuggestedSchool } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { onlySchoolOf, schoolOptionsQuery } from '../../../lib/lookups/schools.ts';
import { useCan } from '../../../lib/permissions.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { StudentForm } from '../forms/student-form.tsx';
import { emptyStudentValues, namesFromSearch, type StudentFormValues } from '../forms/student-form-values.ts';
import { type NewStudentResult, useNewStudentSave } from '../forms/use-new-student-save.ts';
import { CourseStep } from './course-step.tsx';
import { ManualSchoolStep, newStudentFormPath } from './manual-school-step.tsx';
import { studentWizardText } from './messages.ts';
import { automaticPathRoles, SearchStep } from './search-step.tsx';
import { SuccessStep } from './success-step.tsx';
import { SuggestedSchoolsStep } from './suggested-schools-step.tsx';
import { WizardProgress } from './wizard-progress.tsx';
import { fieldsOf, resumedStep, wizardDraft } from './wizard-draft.ts';
import { previousStep, type WizardStep, wizardStepPosition } from './wizard-steps.ts';

type Props = {
  /** From the first step the wizard closes (SPEC section 4): the modal closes, the page goes back. */
  onClose: () => void;
  /** A name already typed elsewhere: the wizard starts with that search made. */
  initialSearch?: string;
  /** The name of its draft in this tab (lib/drafts.ts): one per place the wizard opens in. */
  draftName: string;
  /**
   * The wizard is the page (/students/new): the form page or the new student it leaves for takes
   * its place in the history, so Back goes to where the person was before it.
   */
  replacesPage?: boolean;
};

type Placement = { result: NewStudentResult; school: SuggestedSchool };

/**
 * The new-student wizard (SPEC section 2): search by name; then either the automatic path
 * (global admins: course, address, suggested schools, success) or the manual one (a school,
 * then the form at /students/new). It fits a modal and a page alike.
 *
 * While it is open its step and what was searched, chosen and typed are kept in this tab's
 * draft, so a reload opens it where it was. The draft goes when the student is created and when
 * the wizard closes (its first Back, the modal's close, the manual path's form page, another page).
 */
export function NewStudentWizard({ onClose, initialSearch, draftName, replacesPage = false }: Props) {
  const t = studentWizardText.useT();
  const c = commonText.useT();
  const draft = useDraft(draftName, wizardDraft);
  const { keep, drop } = draft;
  const [kept] = useState(() => (draft.kept ? { ...draft.kept, fields: fieldsOf(draft.kept.values) } : null));
  const start = initialSearch?.trim() ? initialSearch.trim() : null;
  const [step, setStep] = useState<WizardStep>(kept ? resumedStep(kept, kept.fields) : 'search');
  const [searched, setSearched] = useState<string | null>(kept ? kept.searched : start);
  const [courseId, setCourseId] = useState<number | null>(kept?.courseId ?? null);
  const [schoolId, setSchoolId] = useState<number | null>(kept?.schoolId ?? null);
  const [values, setValues] = useState<StudentFormValues | null>(kept?.values ?? null);
  const [fields, setFields] = useState<StudentFields | null>(kept?.fields ?? null);
  const [notify, setNotify] = useState(kept?.notify ?? true);
  const [savingSchoolId, setSavingSchoolId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [lockedSchool, setLockedSchool] = useState<Student['school'] | null>(kept?.lockedSchool ?? null);
  const saver = useNewStudentSave(kept?.requestKey);
  const { runKey } = saver;
  const automaticAllowed = useCan(automaticPathRoles);
  // The address form's values as typed, ahead of `values` (which the form's Back and Next set).
  const typed = useRef<StudentFormValues | null>(kept?.values ?? null);
  const created = placement !== null;

  useEffect(() => {
    if (created || step === 'success') drop();
    else keep({ step, searched, courseId, schoolId, notify, lockedSchool, values: typed.current, requestKey: runKey() });
  }, [keep, drop, created, step, searched, courseId, schoolId, notify, lockedSchool, runKey]);
  // Closed (unmounted) the wizard is done with; a reload unmounts nothing and finds the draft.
  useEffect(() => drop, [drop]);

  // A user with one school that can take students goes on with it, straight to the form (SPEC
  // section 2's manual path); with several schools, or one without a head school admin, the step asks or says why.
  const navigate = useNavigate();
  const schools = useQuery(schoolOptionsQuery);
  // The manual path's form page takes over: the draft goes now, not when the wizard unmounts (a
  // modal closing on a route change stays mounted while it fades, and a reload meanwhile opened
  // the wizard again over the form).
  const toForm = (schoolId: number) => {
    drop();
    void navigate(newStudentFormPath(schoolId, searched ?? ''), { replace: replacesPage });
  };
  const placeManually = () => {
    const only = onlySchoolOf(schools.data?.schools);
    if (only?.head_school_admin) toForm(only.id);
    else setStep('manual');
  };

  const back = () => {
    const previous = previousStep[step];
    if (previous === null) onClose();
    else setStep(previous);
  };

  const restart = () => {
    saver.reset();
    typed.current = null;
    setSearched(null);
    setCourseId(null);
    setSchoolId(null);
    setValues(null);
    setFields(null);
    setNotify(true);
    setError(null);
    setPlacement(null);
    setLockedSchool(null);
    setStep('search');
  };

  const choose = async (school: SuggestedSchool) => {
    if (!school.head_school_admin || school.head_school_admin_id === null) {
      showError(sharedText(messages.noHeadSchoolAdmin));
      return;
    }
    if (!fields || courseId === null) return;
    if (placement?.school.id === school.id && placement.result.enrollment?.series_id === courseId) {
      // Back from the success step and the same school again: everything is already done.
      setStep('success');
      return;
    }
    setSavingSchoolId(school.id);
    setError(null);
    try {
      const result = await saver.save({
        fields,
        schoolId: school.id,
        instructorId: school.head_school_admin_id,
        seriesId: courseId,
        notifyInstructor: notify,
      });
      // The draft goes as the student is made, not only in the effect after the next render: a
      // reload in between would have opened the wizard again on the created student's form.
      drop();
      showSuccess(sharedText(messages.studentCreated));
      setPlacement({ result, school });
      setStep('success');
    } catch (failure) {
      // SPEC section 4: a failed save stays on (returns to) the school list with the error.
      setError(failure instanceof Error ? failure.message : String(failure));
      setStep('schools');
    } finally {
      setSavingSchoolId(null);
      setLockedSchool(saver.createdStudent()?.school ?? null);
    }
  };

  return (
    <Stack gap="md">
      <WizardProgress step={step} position={wizardStepPosition(step, automaticAllowed)} />
      {step === 'search' && (
        <SearchStep
          searched={searched}
          onSearch={setSearched}
          onCreateNew={() => setStep('course')}
          onPlaceManually={placeManually}
          onBack={back}
        />
      )}
      {step === 'manual' && (
        <ManualSchoolStep schoolId={schoolId} onChange={setSchoolId} onBack={back} onCreate={toForm} />
      )}
      {step === 'course' && (
        <CourseStep courseId={courseId} onChange={setCourseId} onBack={back} onNext={() => setStep('form')} />
      )}
      {step === 'form' && (
        <StudentForm
          defaultValues={values ?? { ...emptyStudentValues(), ...namesFromSearch(searched) }}
          submitLabel={c('next')}
          checkDuplicates
          onValuesChange={(now) => {
            typed.current = now;
            if (!created) keep({ values: now });
          }}
          onBack={(now) => {
            setValues(now);
            back();
          }}
          onSubmit={(saved, now) => {
            setValues(now);
            setFields(saved);
            setStep('schools');
          }}
        >
          <Checkbox
            label={t('notifyInstructor')}
            checked={notify}
            onChange={(event) => setNotify(event.currentTarget.checked)}
          />
        </StudentForm>
      )}
      {step === 'schools' && fields && courseId !== null && (
        <SuggestedSchoolsStep
          courseId={courseId}
          zipCode={fields.zip_code}
          savingSchoolId={savingSchoolId}
          lockedSchool={lockedSchool}
          error={error}
          onChoose={(school) => void choose(school)}
          onBack={back}
        />
      )}
      {step === 'success' && placement && (
        <SuccessStep
          result={placement.result}
          school={placement.school}
          onBack={back}
          onAddAnother={restart}
          replacesPage={replacesPage}
        />
      )}
    </Stack>
  );
}
