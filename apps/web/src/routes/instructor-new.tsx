import { Paper, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useCreateUser } from '../features/instructors/api.ts';
import { UserForm } from '../features/instructors/forms/user-form.tsx';
import { userFormValuesOf } from '../features/instructors/forms/user-form-values.ts';
import { recordPath } from '../lib/site-map/paths.ts';
import { showSuccess } from '../lib/toasts.ts';

/** /instructors/new (?school_id= preselects the school of the first role). */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const schoolId = Number(params.get('school_id')) || undefined;
  const create = useCreateUser();
  return (
    <>
      <Title order={1} size="h2" mb="md">
        New instructor
      </Title>
      <Paper withBorder p="md">
        <UserForm
          defaultValues={userFormValuesOf(undefined, schoolId)}
          submitLabel="Create instructor"
          onCancel={() => void navigate('/instructors')}
          onSubmit={async (input) => {
            const user = await create.mutateAsync(input);
            showSuccess(
              input.send_welcome_email
                ? `Instructor created; the welcome email is on its way to ${user.email}.`
                : 'Instructor created.',
            );
            void navigate(recordPath('instructor', user.id));
          }}
        />
      </Paper>
    </>
  );
}
