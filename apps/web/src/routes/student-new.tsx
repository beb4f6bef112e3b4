import { Paper, Stack } from '@mantine/core';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { loadFirst } from '../lib/offline/load-first.ts';
import { PageHeader } from '../components/page-header.tsx';
import { NewStudentForm } from '../features/students/forms/new-student-form.tsx';
import { studentWizardText } from '../features/students/wizard/messages.ts';
import { NewStudentWizard } from '../features/students/wizard/new-student-wizard.tsx';
import { WizardProgress } from '../features/students/wizard/wizard-progress.tsx';
import { positionOn } from '../features/students/wizard/wizard-steps.ts';
import { HttpError } from '../lib/http-errors.ts';
import { schoolQuery } from '../lib/lookups/schools.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

function schoolIdOf(value: string | null): number | null {
  if (value === null || value === '') return null;
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new HttpError(studentWizardText.t('schoolNotFound'), 404, null);
  return id;
}

const manualFormPosition = positionOn('manual', 'form');

/** SPEC section 2: with school_id the page is that school's form, so the school loads first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const schoolId = schoolIdOf(new URL(request.url).searchParams.get('school_id'));
  if (schoolId !== null) await loadFirst(() => queryClient.ensureQueryData(schoolQuery(schoolId)));
  return null;
}

/** /students/new: the form for a school (school_id, student_search_name), or else the wizard. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const schoolId = schoolIdOf(params.get('school_id'));
  const t = studentWizardText.useT();
  return (
    <>
      <PageHeader title={t('newStudent')} />
      <Paper withBorder={!mobile} p={mobile ? 0 : 'md'} bg={mobile ? 'transparent' : undefined} maw={960}>
        {schoolId === null ? (
          <NewStudentWizard onClose={() => navigate('/students')} draftName="new-student-page" replacesPage />
        ) : (
          <Stack gap="md">
            {/* The manual path of the wizard ends here (SPEC section 2): its last step. */}
            <WizardProgress step="form" position={manualFormPosition} />
            <NewStudentForm key={params.toString()} schoolId={schoolId} searchName={params.get('student_search_name')} />
          </Stack>
        )}
      </Paper>
    </>
  );
}
