import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useCreateSchool } from '../features/schools/api.ts';
import { SchoolForm } from '../features/schools/forms/school-form.tsx';
import { emptySchoolValues, schoolBodyOf } from '../features/schools/forms/school-form-values.ts';
import { schoolsText } from '../features/schools/messages.ts';
import { schoolName } from '../features/schools/school-outlet.ts';
import { recordPath } from '../lib/site-map/paths.ts';
import { showSuccess } from '../lib/toasts.ts';

/** /schools/new (global admins): the school's fields; it then opens on its overview to be made ready. */
export function Component() {
  const create = useCreateSchool();
  const navigate = useNavigate();
  const t = schoolsText.useT();
  return (
    <>
      <PageHeader title={t('newSchool')} />
      <Paper withBorder p="md">
        <SchoolForm
          defaultValues={emptySchoolValues}
          submitLabel={t('createSchool')}
          codeAndConferenceEditable
          onCancel={() => void navigate('/schools')}
          onSubmit={async (values) => {
            const school = await create.mutateAsync(schoolBodyOf(values));
            showSuccess(schoolsText.t('schoolCreated', { school: schoolName(school) }));
            await navigate(recordPath('school', school.id));
          }}
        />
      </Paper>
    </>
  );
}
