import { Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './count-tile.module.css';

/** A count is shown only when it is a string of digits (SPEC section 2, Dashboard mobile). */
export function isCount(count: string | undefined): count is string {
  return typeof count === 'string' && /^\d+$/.test(count);
}

type Props = {
  label: string;
  count: string | undefined;
  icon: ReactNode;
  /** A tile either links somewhere or selects a list below the tiles. */
  to?: string;
  selected?: boolean;
  onSelect?: () => void;
};

export function CountTile({ label, count, icon, to, selected, onSelect }: Props) {
  const body = (
    <Paper withBorder radius="md" p="sm" className={classes.tile} data-selected={selected || undefined}>
      <Stack gap={2} align="center" justify="center" mih={76}>
        {icon}
        {isCount(count) ? (
          <>
            <Text fw={700} fz="xl" lh={1.1}>
              {count}
            </Text>
            <Text size="sm">{label}</Text>
          </>
        ) : (
          <Loader size="sm" aria-label={`Loading ${label}`} />
        )}
      </Stack>
    </Paper>
  );
  if (to) {
    return (
      <UnstyledButton component={Link} to={to} aria-label={isCount(count) ? `${count} ${label}` : label}>
        {body}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected ?? false}
      aria-label={isCount(count) ? `${count} ${label}` : label}
    >
      {body}
    </UnstyledButton>
  );
}
