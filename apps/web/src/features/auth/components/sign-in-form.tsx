import { Anchor, Button, Stack } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { signInFormAction, signInWithDifferentAccount } from '../api.ts';
import { authText } from '../text.ts';

type Props = { autoSubmit: boolean };

/** The Sign In button submits a real form; goto_login=true submits it at once (SPEC section 4). */
export function SignInForm({ autoSubmit }: Props) {
  const t = authText.useT();
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (!autoSubmit || submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, [autoSubmit]);

  return (
    <Stack gap="sm" align="stretch">
      <form ref={form} method="post" action={signInFormAction} aria-label={t('signInForm')}>
        <Button type="submit" size="md" fullWidth leftSection={<IconLogin size={18} aria-hidden />}>
          {t('signIn')}
        </Button>
      </form>
      <Anchor
        href="/api/users/auth/url?only_oauth=true"
        ta="center"
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          void signInWithDifferentAccount();
        }}
      >
        {t('differentAccount')}
      </Anchor>
    </Stack>
  );
}
