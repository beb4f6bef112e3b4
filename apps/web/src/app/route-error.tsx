import { Alert, Button, Center, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/error-panel.tsx';
import { NotAuthorized, PageNotFound } from '../components/not-authorized.tsx';
import { reloadPage } from '../lib/browser.ts';
import { ChunkLoadError } from './lazy-route.ts';
import { NotAuthorizedError, PageNotFoundError } from './page-gate.ts';
import { shellText } from './shell/text.ts';

// A deleted record's panel loads when one is met: every page's first load goes without it.
const DeletedRecordPanel = lazy(async () => ({ default: (await import('../components/deleted-record-panel.tsx')).DeletedRecordPanel }));

/** The errorElement of every route: a page the user may not open, a failed script chunk, or a record that did not load. */
export function RouteError() {
  const t = shellText.useT();
  const error = useRouteError();
  if (error instanceof NotAuthorizedError) return <NotAuthorized />;
  if (error instanceof PageNotFoundError) return <PageNotFound />;
  if (error instanceof ChunkLoadError) {
    return (
      <Center p="xl">
        <Alert role="alert" color="red" variant="light" title={t('chunkFailed', { chunk: error.chunk })} maw={480}>
          <Text size="sm" mb="sm">
            {t('chunkFailedHelp')}
          </Text>
          <Button onClick={reloadPage}>{t('reload')}</Button>
        </Alert>
      </Center>
    );
  }
  // A record deleted since, to someone who saw it: said so, not as a failed load (issue 25).
  // Told by the failed call's body (lib/http-errors.ts HttpError), read by the panel, which loads
  // only then: the first paint of every page goes without either.
  const body = error && typeof error === 'object' && 'body' in error ? error.body : null;
  if (body && typeof body === 'object' && 'deleted' in body) {
    return (
      <Suspense fallback={null}>
        <DeletedRecordPanel body={body} />
      </Suspense>
    );
  }
  if (isRouteErrorResponse(error)) {
    const data = error.data as { error?: unknown } | string | undefined;
    const message = typeof data === 'string' ? data : typeof data?.error === 'string' ? data.error : error.statusText;
    return <ErrorPanel message={message} />;
  }
  return <ErrorPanel message={error instanceof Error ? error.message : null} />;
}
