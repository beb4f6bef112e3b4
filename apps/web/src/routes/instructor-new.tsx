import { Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { linkedSchoolQuery, useCreateUser } from '../features/instructors/api.ts';
import { UserForm } from '../features/instructors/forms/user-form.tsx';
import { preselectedSchoolId, userFormValuesOf } from '../features/instructors/forms/user-form-values.ts';
import { instructorsText } from '../features/instructors/messages.ts';
import { recordPath } from '../lib/site-map/paths.ts';
import { showSuccess } from '../lib/toasts.ts';

/**
 * /instructors/new; ?school_id= (a school's "Add an instructor") preselects that school in the
 * first role when this admin may add to it, and Cancel goes back to the school's instructors.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkedId = Number(params.get('school_id'));
  const linked = useQuery({ ...linkedSchoolQuery(linkedId), enabled: Number.isInteger(linkedId) && linkedId > 0 });
  const schoolId = preselectedSchoolId(linked.data);
  const create = useCreateUser();
  const t = instructorsText.useT();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('newInstructor')}
      </Title>
      {linked.isLoading ? (
        <PageLoader />
      ) : (
        <Paper withBorder p="md">
          <UserForm
            defaultValues={userFormValuesOf(undefined, schoolId)}
            submitLabel={t('createInstructor')}
            onCancel={() => void navigate(schoolId ? recordPath('school', schoolId, 'instructors') : '/instructors')}
            onSubmit={async (input) => {
              const user = await create.mutateAsync(input);
              showSuccess(
                input.send_welcome_email
                  ? instructorsText.t('instructorCreatedWelcome', { email: user.email })
                  : instructorsText.t('instructorCreated'),
              );
              void navigate(recordPath('instructor', user.id));
            }}
          />
        </Paper>
      )}
    </>
  );
}
