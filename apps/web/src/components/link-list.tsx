import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';
import classes from './link-list.module.css';
import { componentsText } from './text.ts';
import { useNotLoadedText } from './not-loaded.ts';

/** A row of the list; without `to` it is shown, not linked (there is no page its user may open). */
export type LinkItem = { key: string | number; label: string; description?: string; to?: string };

type Props = { label: string; items: readonly LinkItem[] | undefined; emptyMessage: string; failed?: boolean };

/**
 * A list of links on phones, with the same loading and empty states as the tables. Drawn again
 * only when its props change (a dashboard's tiles update beside a list of a hundred rows), and
 * its rows in the background: a hundred rows arriving do not hold up what arrives with them (the
 * sentence above the list) or a tap, as one long task on a slow phone would.
 */
export const LinkList = memo(function LinkList({ label, items: arrived, emptyMessage, failed = false }: Props) {
  const items = useDeferredValue(arrived);
  return <Rows label={label} items={items} emptyMessage={emptyMessage} failed={failed} />;
});

/** The rows of the items the list shows: the urgent render with new items leaves them as they are. */
const Rows = memo(function Rows({ label, items, emptyMessage, failed }: Props) {
  const t = componentsText.useT();
  const notLoaded = useNotLoadedText();
  if (!items && failed) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {notLoaded()}
      </Text>
    );
  }
  if (!items) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {emptyMessage}
      </Text>
    );
  }
  const linked = items.some((item) => item.to !== undefined);
  return (
    <Stack gap={0} component={linked ? 'nav' : 'ul'} aria-label={label} className={linked ? undefined : classes.plain}>
      {items.map((item) =>
        item.to === undefined ? (
          <Box component="li" key={item.key} className={classes.row}>
            <Text size="sm">{item.label}</Text>
            {item.description && (
              <Text size="xs" c="dimmed">
                {item.description}
              </Text>
            )}
          </Box>
        ) : (
          <Link key={item.key} to={item.to} className={`${classes.link} mantine-focus-auto`}>
            <span className={classes.body}>
              <span className={classes.label}>{item.label}</span>
              {item.description && <span className={classes.description}>{item.description}</span>}
            </span>
            <IconChevronRight size={16} aria-hidden className={classes.chevron} />
          </Link>
        ),
      )}
    </Stack>
  );
});
