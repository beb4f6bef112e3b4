import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Language } from '@srs/shared/i18n';
import { messages } from '@srs/shared/messages';
import { IconLock, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../components/error-panel.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { accountQuery, useUpdateAccount } from '../features/account/api.ts';
import { AccountForm } from '../features/account/components/account-form.tsx';
import { LanguageChoice } from '../features/account/components/language-choice.tsx';
import { PictureUpload } from '../features/account/components/picture-upload.tsx';
import { SecondFactor } from '../features/account/components/second-factor.tsx';
import { accountText } from '../features/account/messages.ts';
import { changePassword } from '../features/auth/api.ts';
import { adoptPersonLanguage } from '../i18n/load.ts';
import { sharedText } from '../i18n/shared.ts';
import { usePictureUrl } from '../lib/picture-url.ts';
import { showError, showSuccess } from '../lib/toasts.ts';

/**
 * /account/my-account: the user's own name, email, phone and profile picture, their language, the
 * second factor and Change Password.
 */
export function Component() {
  const t = accountText.useT();
  const account = useQuery(accountQuery);
  const update = useUpdateAccount();
  const picture = usePictureUrl(account.data?.profile_picture_url);
  if (!account.data) return account.isError ? <ErrorPanel message={account.error.message} /> : <PageLoader />;
  const me = account.data;
  const initials = `${me.first_name.charAt(0)}${me.last_name.charAt(0)}`.toUpperCase();
  const updated = () => showSuccess(sharedText(messages.updated));
  // Saved, then drawn in at once and kept on this browser for the next visit (the toast already in it).
  const chooseLanguage = async (language: Language | null) => {
    try {
      await update.mutateAsync({ fields: { language } });
    } catch (error) {
      showError(error instanceof Error ? error.message : sharedText(messages.somethingWentWrong));
      throw error;
    }
    await adoptPersonLanguage(language);
    updated();
  };
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Paper withBorder p="md" component="section" aria-label={t('profilePicture')}>
        <Title order={2} size="h4" mb="sm">
          {t('profilePicture')}
        </Title>
        <Group gap="md" align="center">
          <Avatar src={picture ?? null} alt={me.profile_picture_url ? t('yourProfilePicture') : undefined} size={96} radius={96} color="blue">
            {initials}
          </Avatar>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('pictureHelp')}
            </Text>
            <Group gap="xs">
              <PictureUpload
                field="profile_picture"
                label={me.profile_picture_url ? t('chooseAnotherPicture') : t('choosePicture')}
                onPick={async (file) => {
                  await update.mutateAsync({ file: 'profile_picture', picture: file });
                  updated();
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
                      { onSuccess: updated, onError: (error) => showError(error.message) },
                    )
                  }
                >
                  {t('removePicture')}
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={t('yourDetails')}>
        <Title order={2} size="h4" mb="sm">
          {t('yourDetails')}
        </Title>
        <AccountForm
          account={me}
          onSubmit={async (fields) => {
            await update.mutateAsync({ fields });
            updated();
          }}
        />
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={t('language')}>
        <Title order={2} size="h4" mb="xs">
          {t('language')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('languageHelp')}
        </Text>
        <LanguageChoice language={me.language} onChoose={chooseLanguage} />
      </Paper>
      {me.password_sign_in && (
        <Paper withBorder p="md" component="section" aria-label={t('secondFactor')}>
          <Title order={2} size="h4" mb="xs">
            {t('secondFactor')}
          </Title>
          <SecondFactor enabled={me.mfa_enabled} />
        </Paper>
      )}
      <Paper withBorder p="md" component="section" aria-label={t('password')}>
        <Title order={2} size="h4" mb="xs">
          {t('password')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {me.password_sign_in
            ? t('changePasswordHelp')
            : t('organisationPassword')}
        </Text>
        <Button variant="light" leftSection={<IconLock size={16} aria-hidden />} onClick={() => void changePassword()}>
          {t('changePassword')}
        </Button>
      </Paper>
    </Stack>
  );
}
