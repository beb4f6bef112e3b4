import { Box, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import {
  apiKeyPlaceholder,
  curlExample,
  intakeAnswers,
  type PublicInterestFieldDoc,
  publicInterestFields,
  publicIntakePath,
} from '@srs/shared/public-intake';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type Column, DataTable } from '../../../components/data-table.tsx';

/** A block of code that wraps its long lines: the page never scrolls sideways on a phone. */
const wrapping = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
/** A value in the table breaks between its words, inside a word only when it must: the columns fit the words. */
const inTable = { overflowWrap: 'break-word' } as const;

const fieldColumns: Column<PublicInterestFieldDoc>[] = [
  { key: 'name', header: 'Field', render: (field) => <Code>{field.name}</Code> },
  { key: 'type', header: 'Type', render: (field) => field.type },
  { key: 'required', header: 'Required', render: (field) => (field.required ? 'Yes' : 'No') },
  { key: 'example', header: 'Example', render: (field) => <Code style={inTable}>{JSON.stringify(field.example)}</Code> },
  { key: 'description', header: 'Meaning', render: (field) => field.description },
];

/**
 * "Sending interests from your website": what POST /api/public/interests takes and answers, in the
 * words of packages/shared/src/public-intake.ts (the OpenAPI document and the README say the same),
 * with a curl example against this page's own origin to copy.
 */
export function IntakeGuide({ origin }: { origin: string }) {
  const curl = curlExample(origin);
  return (
    <Stack gap="sm" component="section" aria-labelledby="intake-guide-title">
      <Title order={2} size="h4" id="intake-guide-title">
        Sending interests from your website
      </Title>
      <Text size="sm">
        Your website posts each person as JSON to <Code style={wrapping}>{`${origin}${publicIntakePath}`}</Code> with a
        key from this page in the <Code>Authorization: Bearer …</Code> header (or <Code>X-Api-Key</Code>). Only the fields
        below are taken: any other field, a course or seminar that is not here, or a value of the wrong kind is refused by
        name, and nothing is saved. The OpenAPI description is at <Code>/api/docs</Code>.
      </Text>
      <DataTable
        label="Fields of an interest"
        columns={fieldColumns}
        rows={publicInterestFields}
        rowKey={(field) => field.name}
        emptyMessage=""
        scroll="page"
      />
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} size="h5">
          Example
        </Title>
        <CopyButton value={curl}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              onClick={copy}
              aria-label="Copy the curl example"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Box component="figure" m={0} aria-label="curl example">
        <Code block style={wrapping}>
          {curl}
        </Code>
      </Box>
      <Text size="sm" c="dimmed">
        Put your key in place of <Code>{apiKeyPlaceholder}</Code>, and the name of one of your courses or seminars in{' '}
        <Code>series</Code>.
      </Text>
      <Title order={3} size="h5">
        What the answers mean
      </Title>
      <Stack gap="xs" component="dl" m={0}>
        {intakeAnswers.map((answer) => (
          <div key={answer.status}>
            <Text component="dt" fw={700} size="sm">
              {answer.status}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {answer.meaning}
              <Code block mt={4} style={wrapping}>
                {JSON.stringify(answer.example, null, 2)}
              </Code>
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
