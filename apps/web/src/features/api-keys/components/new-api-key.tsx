import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { fieldErrorsOf, HttpError } from '../../../lib/http-errors.ts';
import { useCreateApiKey } from '../api.ts';
import { apiKeysText } from '../messages.ts';

/** Name a new key; the key itself is shown here once, to copy into the website's settings. */
export function NewApiKey() {
  const t = apiKeysText.useT();
  const c = commonText.useT();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (name.trim() === '') {
      setError(sharedText(messages.fieldRequired));
      return;
    }
    try {
      const answer = await create.mutateAsync(name.trim());
      setMade({ name: answer.api_key.name, key: answer.key });
      setName('');
    } catch (failure) {
      const fields = failure instanceof HttpError ? fieldErrorsOf(failure.body, ['name'] as const) : {};
      setError(fields.name ?? (failure instanceof Error ? failure.message : sharedText(messages.somethingWentWrong)));
    }
  };
  return (
    <Stack gap="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-start" gap="xs">
          <TextInput
            label={c('name')}
            description={t('keyNameHelp')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 42 }} loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
            {t('createKey')}
          </Button>
        </Group>
      </form>
      {made && (
        <Alert color="green" title={t('keyFor', { name: made.name })} role="status">
          <Text size="sm" mb="xs">
            {t('copyNow')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }} aria-label={t('keyToCopy')}>
              {made.key}
            </Code>
            <CopyButton value={made.key}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy} style={{ flexShrink: 0 }} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}>
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
