import { Button, Group, Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateUser } from '../features/instructors/api.ts';
import { UserProfileFields } from '../features/instructors/components/user-fields.tsx';
import { UserForm } from '../features/instructors/forms/user-form.tsx';
import { userFormValuesOf } from '../features/instructors/forms/user-form-values.ts';
import { useOutletUser } from '../features/instructors/user-outlet.ts';
import { commonText } from '../i18n/common.ts';
import { sharedText } from '../i18n/shared.ts';
import { showSuccess } from '../lib/toasts.ts';

/** The profile tab: read-only, and on Edit the user form; a failed save keeps the edits on screen. */
export function Component() {
  const user = useOutletUser();
  const [editing, setEditing] = useState(false);
  const update = useUpdateUser(user.id);
  const c = commonText.useT();
  if (editing) {
    return (
      <UserForm
        user={user}
        defaultValues={userFormValuesOf(user)}
        submitLabel={c('save')}
        onCancel={() => setEditing(false)}
        onSubmit={async (input) => {
          await update.mutateAsync(input);
          showSuccess(sharedText(messages.updated));
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      {user.permissions.update && (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {c('edit')}
          </Button>
        </Group>
      )}
      <UserProfileFields user={user} />
    </Stack>
  );
}
