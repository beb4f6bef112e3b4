import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { IconShare, IconShareOff, IconTags, IconUserShare, IconX } from '@tabler/icons-react';
import { countOf } from './selection-text.ts';
import type { StudentSelection } from './use-student-selection.ts';

export type BulkAction = 'reassign' | 'share' | 'unshare' | 'labels';

const actions: readonly { value: BulkAction; label: string; Icon: typeof IconShare }[] = [
  { value: 'reassign', label: 'Reassign', Icon: IconUserShare },
  { value: 'share', label: 'Share', Icon: IconShare },
  { value: 'unshare', label: 'Unshare', Icon: IconShareOff },
  { value: 'labels', label: 'Labels', Icon: IconTags },
];

type ActionProps = {
  selection: StudentSelection;
  /** Reassigning is for admins (docs/decisions.md: writes by role). */
  canReassign: boolean;
  onAction: (action: BulkAction) => void;
};

type Props = ActionProps & {
  page: readonly Student[] | undefined;
  /** Phones: the actions are in StickySelectionActions below the list instead. */
  actionsBelow?: boolean;
};

/** Room left at the right of the sticky bar for the Quick Add button (56 px, 24 px from the edge). */
const stickyClearance = 72;

const selectedText = (count: number) => (count > 0 ? `${countOf(count, 'student')} selected` : '');

/** 'Select all on this page', the count, and the actions while something is selected. */
export function StudentSelectionBar({ page = [], selection, canReassign, onAction, actionsBelow = false }: Props) {
  const state = selection.pageState(page);
  const count = selection.ids.length;
  const framed = count > 0 && !actionsBelow;
  return (
    <Paper
      withBorder={framed}
      bg={framed ? 'var(--mantine-color-blue-light)' : undefined}
      px={framed ? 'sm' : 0}
      py={6}
      mb="xs"
    >
      <Group justify="space-between" gap="xs" mih={30}>
        <Checkbox
          label="Select all on this page"
          checked={state === 'all' && page.length > 0}
          indeterminate={state === 'some'}
          disabled={page.length === 0}
          onChange={() => selection.togglePage(page)}
        />
        {!actionsBelow && (
          <Text size="sm" fw={600} aria-live="polite">
            {selectedText(count)}
          </Text>
        )}
      </Group>
      {count > 0 && !actionsBelow && <SelectionActions selection={selection} canReassign={canReassign} onAction={onAction} />}
    </Paper>
  );
}

/**
 * Phones: the ticked students are often far down the list, so while a selection exists its
 * actions stick to the bottom of the screen, clear of the Quick Add button at the bottom right.
 * Placed after the list, the bar rests below it once the list is scrolled to its end.
 */
export function StickySelectionActions(props: ActionProps) {
  const count = props.selection.ids.length;
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      px="sm"
      py={6}
      mt="xs"
      bg="var(--mantine-color-blue-0)"
      style={{ position: 'sticky', bottom: 12, marginRight: stickyClearance, zIndex: 140 }}
    >
      <Text size="sm" fw={600} aria-live="polite">
        {selectedText(count)}
      </Text>
      <SelectionActions {...props} />
    </Paper>
  );
}

function SelectionActions({ selection, canReassign, onAction }: ActionProps) {
  return (
    <Group gap={6} mt={6} role="toolbar" aria-label="Selected students">
      {actions
        .filter((action) => canReassign || action.value !== 'reassign')
        .map(({ value, label, Icon }) => (
          <Button
            key={value}
            size="compact-sm"
            variant="white"
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => onAction(value)}
          >
            {label}
          </Button>
        ))}
      <Button size="compact-sm" variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={selection.clear}>
        Clear selection
      </Button>
    </Group>
  );
}
