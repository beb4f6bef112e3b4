import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../app/query-client.ts';
import { loadFirst } from '../lib/offline/load-first.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { apiKeysQuery } from '../features/api-keys/api.ts';
import { ApiKeyList } from '../features/api-keys/components/api-key-list.tsx';
import { IntakeGuide } from '../features/api-keys/components/intake-guide.tsx';
import { NewApiKey } from '../features/api-keys/components/new-api-key.tsx';
import { apiKeysText } from '../features/api-keys/messages.ts';
import { withNodes } from '../i18n/rich-text.ts';

/** The pieces of code the page's first sentence names. */
const intakeCall = 'POST /api/public/interests';
const bearerHeader = 'Authorization: Bearer …';

/** The keys before the page shows (its route checked the flag: with it off, the page does not exist). */
export async function loader() {
  await loadFirst(() => queryClient.ensureQueryData(apiKeysQuery));
  return null;
}

/** /account/settings/api-keys (global admins, interest tracking on): keys for the public interest intake. */
export function Component() {
  const t = apiKeysText.useT();
  const keys = useQuery(apiKeysQuery).data;
  if (!keys) return <PageLoader />;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text size="sm">
        {withNodes((values) => t('intro', values), {
          endpoint: <Code>{intakeCall}</Code>,
          bearer: <Code>{bearerHeader}</Code>,
          guide: t('guideTitle'),
        })}
      </Text>
      <Paper withBorder p="md" component="section" aria-label={t('newKey')}>
        <Title order={2} size="h4" mb="sm">
          {t('newKey')}
        </Title>
        <NewApiKey />
      </Paper>
      <section aria-label={t('keys')}>
        <Title order={2} size="h4" mb="sm">
          {t('keys')}
        </Title>
        <ApiKeyList keys={keys.api_keys} />
      </section>
      <IntakeGuide origin={window.location.origin} />
    </Stack>
  );
}
