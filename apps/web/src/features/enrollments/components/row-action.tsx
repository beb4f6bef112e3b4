import { ActionIcon, Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

/** What a thumb taps on a phone is at least 44 px high. */
export const thumbSize = 44;

export type RowActionProps = {
  /** The button's words on wide screens. */
  label: string;
  /** Its accessible name when the label alone would not say which row it acts on. */
  name?: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  variant?: 'light' | 'subtle' | 'filled';
  /** A row's main action keeps its words on phones too (Send, Received), beside its icon. */
  wordsOnPhone?: boolean;
};

/**
 * A table row's action: words on wide screens; on phones an icon button big enough for a
 * thumb, so that the row's name and its actions fit the width together.
 */
export function RowAction({ label, name, icon, onClick, color, variant = 'light', wordsOnPhone }: RowActionProps) {
  const mobile = useIsMobile();
  if (mobile && wordsOnPhone) {
    return (
      <Button h={thumbSize} variant={variant} color={color} leftSection={icon} aria-label={name} onClick={onClick}>
        {label}
      </Button>
    );
  }
  if (mobile) {
    return (
      <Tooltip label={name ?? label}>
        <ActionIcon size="xl" variant={variant} color={color} aria-label={name ?? label} onClick={onClick}>
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button size="compact-sm" variant={variant} color={color} aria-label={name} onClick={onClick}>
      {label}
    </Button>
  );
}
