import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useCreateSchool } from '../features/schools/api.ts';
import { SchoolForm } from '../features/schools/forms/school-form.tsx';
import { emptySchoolValues, schoolBodyOf } from '../features/schools/forms/school-form-values.ts';
import { schoolName } from '../features/schools/school-outlet.ts';
import { recordPath } from '../lib/site-map/paths.ts';
import { showSuccess } from '../lib/toasts.ts';

/** /schools/new (global admins): the school's fields; it then opens on its overview to be made ready. */
export function Component() {
  const create = useCreateSchool();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New school" />
      <Paper withBorder p="md">
        <SchoolForm
          defaultValues={emptySchoolValues}
          submitLabel="Create school"
          codeAndConferenceEditable
          onCancel={() => void navigate('/schools')}
          onSubmit={async (values) => {
            const school = await create.mutateAsync(schoolBodyOf(values));
            showSuccess(`${schoolName(school)} was created. Next: its school admins, head school admin and zip codes.`);
            await navigate(recordPath('school', school.id));
          }}
        />
      </Paper>
    </>
  );
}
