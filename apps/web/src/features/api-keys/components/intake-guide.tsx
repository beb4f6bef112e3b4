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
import { useMemo } from 'react';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { apiKeysText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';

/** A block of code that wraps its long lines: the page never scrolls sideways on a phone. */
const wrapping = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
/** A value in the table breaks between its words, inside a word only when it must: the columns fit the words. */
const inTable = { overflowWrap: 'break-word' } as const;

/** The pieces of code the guide's sentences name. */
const bearerHeader = 'Authorization: Bearer …';
const apiKeyHeader = 'X-Api-Key';
const docsPath = '/api/docs';
const seriesField = 'series';

/** The table's columns, in the language of the moment (the fields' words are packages/shared's). */
const columnsOf = (t: ReturnType<typeof apiKeysText.useT>, c: ReturnType<typeof commonText.useT>): Column<PublicInterestFieldDoc>[] => [
  { key: 'name', header: t('field'), render: (field) => <Code>{field.name}</Code> },
  { key: 'type', header: t('type'), render: (field) => sharedText(field.type) },
  { key: 'required', header: t('required'), render: (field) => (field.required ? c('yes') : c('no')) },
  { key: 'example', header: t('example'), render: (field) => <Code style={inTable}>{JSON.stringify(field.example)}</Code> },
  { key: 'description', header: t('meaning'), render: (field) => sharedText(field.description) },
];

/**
 * "Sending interests from your website": what POST /api/public/interests takes and answers, in the
 * words of packages/shared/src/public-intake.ts (the OpenAPI document and the README say the same),
 * with a curl example against this page's own origin to copy.
 */
export function IntakeGuide({ origin }: { origin: string }) {
  const t = apiKeysText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const fieldColumns = useMemo(() => columnsOf(t, c), [t, c]);
  const curl = curlExample(origin);
  return (
    <Stack gap="sm" component="section" aria-labelledby="intake-guide-title">
      <Title order={2} size="h4" id="intake-guide-title">
        {t('guideTitle')}
      </Title>
      <Text size="sm">
        {withNodes((values) => t('guideIntro', values), {
          address: <Code style={wrapping}>{`${origin}${publicIntakePath}`}</Code>,
          bearer: <Code>{bearerHeader}</Code>,
          apiKeyHeader: <Code>{apiKeyHeader}</Code>,
          docs: <Code>{docsPath}</Code>,
        })}
      </Text>
      <DataTable
        label={t('fieldsOfInterest')}
        columns={fieldColumns}
        rows={publicInterestFields}
        rowKey={(field) => field.name}
        emptyMessage=""
        scroll="page"
      />
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} size="h5">
          {t('example')}
        </Title>
        <CopyButton value={curl}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              onClick={copy}
              aria-label={t('copyCurl')}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Box component="figure" m={0} aria-label={t('curlExample')}>
        <Code block style={wrapping}>
          {curl}
        </Code>
      </Box>
      <Text size="sm" c="dimmed">
        {withNodes((values) => t('putYourKey', values), {
          placeholder: <Code>{apiKeyPlaceholder}</Code>,
          series: <Code>{seriesField}</Code>,
        })}
      </Text>
      <Title order={3} size="h5">
        {t('answersMean')}
      </Title>
      <Stack gap="xs" component="dl" m={0}>
        {intakeAnswers.map((answer) => (
          <div key={answer.status}>
            <Text component="dt" fw={700} size="sm">
              {answer.status}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {shared(answer.meaning)}
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
