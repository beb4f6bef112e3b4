import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../app/query-client.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { apiKeysQuery } from '../features/api-keys/api.ts';
import { ApiKeyList } from '../features/api-keys/components/api-key-list.tsx';
import { IntakeGuide } from '../features/api-keys/components/intake-guide.tsx';
import { NewApiKey } from '../features/api-keys/components/new-api-key.tsx';

/** The keys before the page shows (its route checked the flag: with it off, the page does not exist). */
export async function loader() {
  return queryClient.ensureQueryData(apiKeysQuery);
}

/** /account/settings/api-keys (global admins, interest tracking on): keys for the public interest intake. */
export function Component() {
  const keys = useQuery(apiKeysQuery).data;
  if (!keys) return <PageLoader />;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        API Keys
      </Title>
      <Text size="sm">
        A church website sends the people who ask for Bible studies to <Code>POST /api/public/interests</Code> with a
        key in its <Code>Authorization: Bearer …</Code> header (how: “Sending interests from your website” below). A key
        only sends interests: nobody signs in with it.
      </Text>
      <Paper withBorder p="md" component="section" aria-label="New key">
        <Title order={2} size="h4" mb="sm">
          New key
        </Title>
        <NewApiKey />
      </Paper>
      <section aria-label="Keys">
        <Title order={2} size="h4" mb="sm">
          Keys
        </Title>
        <ApiKeyList keys={keys.api_keys} />
      </section>
      <IntakeGuide origin={window.location.origin} />
    </Stack>
  );
}
