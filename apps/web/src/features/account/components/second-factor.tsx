import { Alert, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { MfaSetup } from '@srs/shared/account';
import { messages } from '@srs/shared/messages';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { sharedText } from '../../../i18n/shared.ts';
import { fieldErrorsOf, HttpError } from '../../../lib/http-errors.ts';
import { useSecondFactor } from '../api.ts';
import { accountText } from '../messages.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TurnOnForm } from './turn-on-form.tsx';

/** The server's words for a refused code ('Code is not correct'), or its sentence. */
function refusal(error: unknown): string {
  if (error instanceof HttpError) return fieldErrorsOf(error.body, ['code'] as const).code ?? error.message;
  return error instanceof Error ? error.message : sharedText(messages.somethingWentWrong);
}

/** A code field and its button, with the server's answer under it. */
function CodeForm({ label, submit, busy, onCode }: { label: string; submit: string; busy: boolean; onCode: (code: string) => Promise<unknown> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (code.trim() === '') return setError(sharedText(messages.fieldRequired));
    try {
      await onCode(code.trim());
    } catch (failure) {
      setError(refusal(failure));
    }
  };
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label={label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          style={{ flex: 1, minWidth: 180, maxWidth: 260 }}
        />
        <Button type="submit" loading={busy} mt={25}>
          {submit}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The second factor at the built-in provider (My Account): turned on by scanning a QR code with an
 * authenticator app and typing its code and the password; ten recovery codes are then shown once.
 * Off with a code.
 */
export function SecondFactor({ enabled }: { enabled: boolean }) {
  const t = accountText.useT();
  const factor = useSecondFactor();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onKept={() => {
          setCodes(null);
          setSetup(null);
          void factor.done();
        }}
      />
    );
  }
  if (enabled) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          {t('factorOnHelp')}
        </Text>
        <CodeForm label={t('code')} submit={t('turnOff')} busy={factor.turnOff.isPending} onCode={(code) => factor.turnOff.mutateAsync(code)} />
      </Stack>
    );
  }
  if (setup) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          {t('scanHelp')}
        </Text>
        <Image
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
          alt={t('qrCode')}
          w={180}
          h={180}
        />
        <Text size="sm">
          {t('orTypeKey')} <Code>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</Code>
        </Text>
        <TurnOnForm onConfirm={async (input) => setCodes((await factor.confirm.mutateAsync(input)).recovery_codes)} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        {t('factorOffHelp')}
      </Text>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Button
        variant="light"
        leftSection={<IconShieldLock size={16} aria-hidden />}
        loading={factor.start.isPending}
        onClick={() =>
          factor.start.mutate(undefined, { onSuccess: setSetup, onError: (error) => setProblem(refusal(error)) })
        }
      >
        {t('setUpFactor')}
      </Button>
    </Stack>
  );
}
