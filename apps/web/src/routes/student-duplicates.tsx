import { Button, Center, Paper } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/page-header.tsx';
import { duplicatePairsQuery, pairKey, useNotSamePerson } from '../features/student-duplicates/api.ts';
import { DuplicatePairs } from '../features/student-duplicates/components/duplicate-pairs.tsx';
import { studentDuplicatesText } from '../features/student-duplicates/messages.ts';
import { loadFailureText } from '../lib/http-errors.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/**
 * /students/duplicates (issue 27): pairs of students the admin sees who are likely one person,
 * strongest first, each to merge or to say not the same person (never offered again).
 */
export function Component() {
  const mobile = useIsMobile();
  const t = studentDuplicatesText.useT();
  const result = useInfiniteQuery(duplicatePairsQuery());
  const notSame = useNotSamePerson();
  const pairs = result.data?.pages.flatMap((page) => page.pairs);
  const failed = loadFailureText(result.error);
  const saying = notSame.isPending && notSame.variables ? pairKey(notSame.variables) : null;
  return (
    <>
      <PageHeader title={t('title')} />
      <Paper withBorder={!mobile} p={mobile ? 0 : 'sm'} bg={mobile ? 'transparent' : undefined}>
        <DuplicatePairs
          pairs={pairs}
          loading={result.isFetching && !result.isFetchingNextPage}
          {...(failed ? { failedMessage: failed } : {})}
          saying={saying}
          onNotSamePerson={(pair) => notSame.mutate(pair)}
        />
        {result.hasNextPage && (
          <Center mt="sm">
            <Button variant="light" loading={result.isFetchingNextPage} onClick={() => void result.fetchNextPage()}>
              {t('morePairs')}
            </Button>
          </Center>
        )}
      </Paper>
    </>
  );
}
