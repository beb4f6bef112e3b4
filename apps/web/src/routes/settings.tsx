import { Anchor, Checkbox, Image, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { backgroundChoices, optionalNotices } from '@srs/shared/account';
import { messages as sharedMessages } from '@srs/shared/messages';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorPanel } from '../components/error-panel.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { accountQuery, type AccountChange, useUpdateAccount } from '../features/account/api.ts';
import { PictureUpload } from '../features/account/components/picture-upload.tsx';
import classes from '../features/account/components/settings.module.css';
import { canSeeApiKeys } from '../app/shell/account-links.ts';
import { useAppConfig } from '../lib/app-config.ts';
import { usePictureUrl } from '../lib/picture-url.ts';
import { useSessionUser } from '../lib/session.ts';
import { showError, showSuccess } from '../lib/toasts.ts';
import { messages } from '../i18n/messages.ts';
import { sharedText, useSharedText } from '../i18n/shared.ts';
import en from '../locales/settings.en.json';

/** The settings page's words (issue 29). */
const settingsText = messages('settings', en);

type Choice = { key: string; label: string; url: string | undefined; selected: boolean; onSelect: () => void };

function BackgroundChoice({ label, url, selected, onSelect }: Choice) {
  return (
    <UnstyledButton className={classes.choice} data-selected={selected || undefined} aria-pressed={selected} onClick={onSelect}>
      <Image src={url} alt="" h={72} radius="sm" fit="cover" />
      <Text size="sm" mt={4} className={classes.choiceLabel}>
        {selected && <IconCheck size={14} aria-hidden />} {label}
      </Text>
    </UnstyledButton>
  );
}

/** /account/settings: the page background (a choice, or a picture of one's own) and the notices one receives. */
export function Component() {
  const t = settingsText.useT();
  const shared = useSharedText();
  const account = useQuery(accountQuery);
  const update = useUpdateAccount();
  const user = useSessionUser();
  const config = useAppConfig();
  const current = account.data?.background_image_url ?? null;
  const uploaded = current?.startsWith('/api/uploads/') ? current : null;
  const ownPicture = usePictureUrl(uploaded);
  const save = (change: AccountChange) =>
    update.mutate(change, { onSuccess: () => showSuccess(sharedText(sharedMessages.updated)), onError: (error) => showError(error.message) });

  if (!account.data) return account.isError ? <ErrorPanel message={account.error.message} /> : <PageLoader />;
  const me = account.data;
  const [first] = backgroundChoices;
  const choices: Choice[] = backgroundChoices.map((choice) => ({
    key: choice.url,
    label: shared(choice.label),
    url: choice.url,
    // No choice made is the default, the first.
    selected: current === choice.url || (current === null && choice.url === first.url),
    onSelect: () => save({ fields: { background_image_url: choice.url === first.url ? null : choice.url } }),
  }));
  if (uploaded) choices.push({ key: uploaded, label: t('yourPicture'), url: ownPicture, selected: true, onSelect: () => undefined });

  const notices = optionalNotices.filter((notice) => !('flag' in notice) || config?.features[notice.flag]);
  const noticeBox = (notice: (typeof notices)[number]) => (
    <Checkbox
      key={notice.kind}
      label={shared(notice.label)}
      description={'description' in notice ? shared(notice.description) : undefined}
      checked={me.email_preferences[notice.kind] ?? true}
      onChange={(event) => save({ fields: { email_preferences: { [notice.kind]: event.currentTarget.checked } } })}
    />
  );

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Paper withBorder p="md" component="section" aria-label={t('background')}>
        <Title order={2} size="h4" mb="xs">
          {t('background')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('backgroundHelp')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" mb="sm">
          {choices.map(({ key, ...choice }) => (
            <BackgroundChoice key={key} {...choice} />
          ))}
        </SimpleGrid>
        <PictureUpload
          field="background_image"
          label={t('usePicture')}
          onPick={async (file) => {
            await update.mutateAsync({ file: 'background_image', picture: file });
            showSuccess(sharedText(sharedMessages.updated));
          }}
        />
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={t('emailNotices')}>
        <Title order={2} size="h4" mb="xs">
          {t('emailNotices')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('sendMeWhen')}
        </Text>
        <Stack gap="sm">
          {notices.filter((notice) => !('daily' in notice)).map(noticeBox)}
        </Stack>
        {/* Not an event's notice: one mail a morning (docs/decisions/021), in words of its own. */}
        <Stack gap="sm" mt="md">
          {notices.filter((notice) => 'daily' in notice).map(noticeBox)}
        </Stack>
        <Text size="xs" c="dimmed" mt="sm">
          {t('accountMail')}
        </Text>
      </Paper>
      {user && canSeeApiKeys(user, config?.features.interest_tracking === true) && (
        <Anchor component={Link} to="/account/settings/api-keys">
          {t('apiKeys')}
        </Anchor>
      )}
    </Stack>
  );
}
