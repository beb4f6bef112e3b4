import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../components/error-panel.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { accountQuery, useUpdateAccount } from '../features/account/api.ts';
import { AccountForm } from '../features/account/components/account-form.tsx';
import { PictureUpload } from '../features/account/components/picture-upload.tsx';
import { SecondFactor } from '../features/account/components/second-factor.tsx';
import { changePassword } from '../features/auth/api.ts';
import { usePictureUrl } from '../lib/picture-url.ts';
import { showError, showSuccess } from '../lib/toasts.ts';

/** /account/my-account: the user's own name, email, phone and profile picture, and Change Password. */
export function Component() {
  const account = useQuery(accountQuery);
  const update = useUpdateAccount();
  const picture = usePictureUrl(account.data?.profile_picture_url);
  if (!account.data) return account.isError ? <ErrorPanel message={account.error.message} /> : <PageLoader />;
  const me = account.data;
  const initials = `${me.first_name.charAt(0)}${me.last_name.charAt(0)}`.toUpperCase();
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        My Account
      </Title>
      <Paper withBorder p="md" component="section" aria-label="Profile picture">
        <Title order={2} size="h4" mb="sm">
          Profile picture
        </Title>
        <Group gap="md" align="center">
          <Avatar src={picture ?? null} alt={me.profile_picture_url ? 'Your profile picture' : undefined} size={96} radius={96} color="blue">
            {initials}
          </Avatar>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              A JPEG, PNG, WebP or GIF picture of at most 5 MB. It shows at the top of every page.
            </Text>
            <Group gap="xs">
              <PictureUpload
                field="profile_picture"
                label={me.profile_picture_url ? 'Choose another picture' : 'Choose a picture'}
                onPick={async (file) => {
                  await update.mutateAsync({ file: 'profile_picture', picture: file });
                  showSuccess(messages.updated);
                }}
              />
              {me.profile_picture_url && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() =>
                    update.mutate(
                      { fields: { remove_profile_picture: true } },
                      { onSuccess: () => showSuccess(messages.updated), onError: (error) => showError(error.message) },
                    )
                  }
                >
                  Remove picture
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Your details">
        <Title order={2} size="h4" mb="sm">
          Your details
        </Title>
        <AccountForm
          account={me}
          onSubmit={async (fields) => {
            await update.mutateAsync({ fields });
            showSuccess(messages.updated);
          }}
        />
      </Paper>
      {me.password_sign_in && (
        <Paper withBorder p="md" component="section" aria-label="Second factor">
          <Title order={2} size="h4" mb="xs">
            Second factor
          </Title>
          <SecondFactor enabled={me.mfa_enabled} />
        </Paper>
      )}
      <Paper withBorder p="md" component="section" aria-label="Password">
        <Title order={2} size="h4" mb="xs">
          Password
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {me.password_sign_in
            ? 'Change the password you sign in with.'
            : 'You sign in through your organisation: its page changes your password.'}
        </Text>
        <Button variant="light" leftSection={<IconLock size={16} aria-hidden />} onClick={() => void changePassword()}>
          Change Password
        </Button>
      </Paper>
    </Stack>
  );
}
