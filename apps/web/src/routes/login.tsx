import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type LoaderFunctionArgs, redirect, useSearchParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { loadFirst } from '../lib/offline/load-first.ts';
import { DemoAccountsHint } from '../features/auth/components/demo-accounts-hint.tsx';
import { LoginBlurbs } from '../features/auth/components/login-blurbs.tsx';
import { NeedAnAccount } from '../features/auth/components/need-an-account.tsx';
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';
import { authText } from '../features/auth/text.ts';
import { appConfigQuery } from '../lib/app-config.ts';
import { getSessionUser, setToken, takeAuthRedirect, takeTokenCookie } from '../lib/session.ts';
import classes from './login.module.css';

/**
 * SPEC section 4: back from the identity provider (logged_in=true) the token moves from the
 * user_token cookie into the session; a signed-in user goes on to the saved redirect.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('logged_in') === 'true') {
    const token = takeTokenCookie();
    if (token && !getSessionUser()) setToken(token);
  }
  if (getSessionUser()) throw redirect(takeAuthRedirect());
  // The page paints once, with its configuration (the demo accounts, the support address), rather
  // than growing when it arrives; without it the page still works.
  await loadFirst(() => queryClient.prefetchQuery(appConfigQuery));
  return null;
}

const WaitingAtSignIn = lazy(async () => ({ default: (await import('../features/offline/waiting-at-sign-in.tsx')).WaitingAtSignIn }));

/** How many records recorded on this phone wait to be sent (issue 30); read after the page is drawn. */
function useWaitingOnPhone(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    void import('../lib/offline/phone-store.ts')
      .then(({ countRows, stores }) => countRows(stores.writes))
      .then((rows) => {
        if (live) setCount(rows);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return count;
}

export function Component() {
  const t = authText.useT();
  const waiting = useWaitingOnPhone();
  const [params] = useSearchParams();
  const config = useQuery(appConfigQuery).data;
  const message = params.get('message');
  const background = config?.default_background_image_url;

  return (
    <Box
      className={classes.page}
      style={background ? { backgroundImage: `url("${background}")` } : undefined}
      component="main"
    >
      <Paper className={classes.card} shadow="md" radius="md" p="xl" withBorder>
        <Stack gap="lg">
          <Title order={1} ta="center" size="h2">
            {t('title')}
          </Title>
          {message && (
            <Text c="red" role="alert" ta="center" fw={500}>
              {message}
            </Text>
          )}
          {waiting > 0 && (
            <Suspense fallback={null}>
              <WaitingAtSignIn count={waiting} />
            </Suspense>
          )}
          <SignInForm autoSubmit={params.get('goto_login') === 'true'} />
          <NeedAnAccount supportEmail={config?.support_email} />
          {config && <DemoAccountsHint accounts={config.demo_accounts} password={config.demo_password} />}
        </Stack>
      </Paper>
      <LoginBlurbs />
    </Box>
  );
}
