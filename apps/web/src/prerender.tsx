import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { DashboardFrame } from './app/shell/dashboard-frame.tsx';
import { theme } from './app/theme.ts';
import { switchLanguage } from './i18n/load.ts';
import type { Locale } from './i18n/locale.ts';
import { Component as SignInPage } from './routes/login.tsx';

/**
 * The sign-in page as HTML in a language, written into its page at build time (build-plugins/prerender.ts): it
 * paints with the style sheet alone, before any script has run. main.tsx then renders the same
 * page in its place, with what only the server knows (the demo accounts, the support address).
 */
export async function renderSignInPage(locale: Locale = 'en'): Promise<string> {
  await switchLanguage(locale);
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <SignInPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The dashboard before anyone's data (app/shell/dashboard-frame.tsx), written into its page at build time. */
export async function renderDashboardFrame(locale: Locale = 'en'): Promise<string> {
  await switchLanguage(locale);
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DashboardFrame />
    </MantineProvider>,
  );
}
