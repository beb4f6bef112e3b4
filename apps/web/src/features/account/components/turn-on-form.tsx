import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { MfaConfirmInput } from '@srs/shared/account';
import { messages } from '@srs/shared/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSharedText } from '../../../i18n/shared.ts';
import { showSaveError } from '../../../lib/form-errors.ts';
import { accountText } from '../messages.ts';

const fields = ['code', 'current_password'] as const;

/**
 * Turning the second factor on (POST /users/current/mfa/confirm): the first code from the app and
 * the password asked again, so that a session left open cannot put someone else's app on the
 * account. A refused field says so at the field; anything else (too many tries: the server's
 * sentence) above them. What was typed is kept.
 */
export function TurnOnForm({ onConfirm }: { onConfirm: (input: MfaConfirmInput) => Promise<unknown> }) {
  const t = accountText.useT();
  const shared = useSharedText();
  const form = useForm<MfaConfirmInput>({ defaultValues: { code: '', current_password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onConfirm({ code: values.code.trim(), current_password: values.current_password });
    } catch (error) {
      setFailure(showSaveError(form, error, fields));
    }
  });
  const required = { required: shared(messages.fieldRequired) };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('codeFromApp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          error={errors.code?.message}
          {...form.register('code', { validate: (code) => code.trim() !== '' || shared(messages.fieldRequired) })}
        />
        <TextInput
          label={t('currentPassword')}
          type="password"
          autoComplete="current-password"
          description={t('passwordForFactor')}
          error={errors.current_password?.message}
          {...form.register('current_password', required)}
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
