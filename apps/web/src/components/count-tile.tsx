import { Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './count-tile.module.css';
import { componentsText } from './text.ts';

/** A count is shown only when it is a string of digits (SPEC section 2, Dashboard mobile). */
export function isCount(count: string | undefined): count is string {
  return typeof count === 'string' && /^\d+$/.test(count);
}

type Props = {
  label: string;
  count: string | undefined;
  icon: ReactNode;
  /**
   * What the count counts when the label alone does not say it ('students in courses' under
   * Courses); it is also in the tile's name: '20 courses: students in courses'.
   */
  caption?: string;
  /** A tile either links somewhere or selects a list below the tiles. */
  to?: string;
  selected?: boolean;
  onSelect?: () => void;
};

/**
 * The accessible name of a tile: the count and what it counts, in the words the tile shows and in
 * their order, so that a person using speech input can say what they see (WCAG 2.5.3).
 */
export function tileName(label: string, count: string | undefined, caption?: string): string {
  if (!isCount(count)) return label;
  return caption ? `${count} ${label.toLowerCase()}: ${caption}` : `${count} ${label.toLowerCase()}`;
}

export function CountTile({ label, count, icon, caption, to, selected, onSelect }: Props) {
  const t = componentsText.useT();
  const body = (
    <Paper withBorder radius="md" p="sm" className={classes.tile} data-selected={selected || undefined}>
      {/* As high loading as loaded with a two-line caption: the tiles and the list below them do
          not move when the counts arrive. */}
      <Stack gap={2} align="center" justify="center" mih={100}>
        {icon}
        {isCount(count) ? (
          <>
            {/* The spaces keep the words apart for assistive technology: '20 Courses', not '20Courses'. */}
            <Text fw={700} fz="xl" lh={1.1}>
              {count}{' '}
            </Text>
            <Text size="sm" fw={600}>
              {label}{' '}
            </Text>
            {caption && (
              <Text size="xs" c="dimmed" ta="center" lh={1.2}>
                {caption}
              </Text>
            )}
          </>
        ) : (
          <Loader size="sm" aria-label={t('loadingWhat', { label })} />
        )}
      </Stack>
    </Paper>
  );
  const name = tileName(label, count, caption);
  if (to) {
    return (
      <UnstyledButton component={Link} to={to} aria-label={name} className={classes.target}>
        {body}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton onClick={onSelect} aria-pressed={selected ?? false} aria-label={name} className={classes.target}>
      {body}
    </UnstyledButton>
  );
}
