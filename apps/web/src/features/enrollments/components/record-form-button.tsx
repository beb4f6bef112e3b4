import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { RecordFormModal } from '../forms/record-form-modal.tsx';
import type { RecordFormTarget } from '../forms/record-form-target.ts';
import { RowAction } from './row-action.tsx';

type Props = {
  target: RecordFormTarget;
  children: string;
  /** Given for a table row's action: an icon button on phones (see RowAction). */
  icon?: ReactNode;
  /** The accessible name when the words alone would not say which row it is for. */
  name?: string;
  variant?: 'light' | 'subtle';
};

/** A button that opens one record form (lesson, visit, decision, …) for this enrollment. */
export function RecordFormButton({ target, children, icon, name, variant = 'light' }: Props) {
  const [open, setOpen] = useState<RecordFormTarget | null>(null);
  return (
    <>
      {icon ? (
        <RowAction label={children} name={name} icon={icon} variant={variant} onClick={() => setOpen(target)} />
      ) : (
        <Button variant={variant} aria-label={name} onClick={() => setOpen(target)}>
          {children}
        </Button>
      )}
      <RecordFormModal target={open} onClose={() => setOpen(null)} />
    </>
  );
}
