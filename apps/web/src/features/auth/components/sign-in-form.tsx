import { Anchor, Button, Stack } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { signInFormAction, signInWithDifferentAccount } from '../api.ts';

type Props = { autoSubmit: boolean };

/** The Sign In button submits a real form; goto_login=true submits it at once (SPEC section 4). */
export function SignInForm({ autoSubmit }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (!autoSubmit || submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, [autoSubmit]);

  return (
    <Stack gap="sm" align="stretch">
      <form ref={form} method="post" action={signInFormAction} aria-label="Sign in">
        <Button type="submit" size="md" fullWidth leftSection={<IconLogin size={18} aria-hidden />}>
          Sign In
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
        Sign in with a different account
      </Anchor>
    </Stack>
  );
}
