import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageMatch } from '../lib/site-map/page-match.ts';

/** The page of a site-map entry whose screen a later release builds; its route has checked the roles. */
export function Component() {
  const page = usePageMatch()?.page;
  if (!page?.building) return null;
  const { about, back } = page.building;
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" my="xl">
      <Stack gap="sm" align="flex-start">
        <IconTools size={32} aria-hidden />
        <Title order={1} size="h2">
          {page.title}
        </Title>
        <Text>{about}</Text>
        <Text c="dimmed">This page is being built and is not part of this release yet.</Text>
        <Button component={Link} to={back.to} leftSection={<IconArrowLeft size={16} aria-hidden />} variant="light">
          {back.label}
        </Button>
      </Stack>
    </Paper>
  );
}
