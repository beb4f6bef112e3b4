import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import type { Student } from '@srs/shared/students';
import { IconShare, IconShareOff, IconTags, IconUserShare, IconX } from '@tabler/icons-react';
import { studentsText } from '../messages.ts';
import type { StudentSelection } from './use-student-selection.ts';

export type BulkAction = 'reassign' | 'share' | 'unshare' | 'labels';

const actions: readonly { value: BulkAction; Icon: typeof IconShare }[] = [
  { value: 'reassign', Icon: IconUserShare },
  { value: 'share', Icon: IconShare },
  { value: 'unshare', Icon: IconShareOff },
  { value: 'labels', Icon: IconTags },
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

type T = ReturnType<typeof studentsText.useT>;
const selectedText = (t: T, count: number) => (count > 0 ? t('selectedCount', { count }) : '');

/** 'Select all on this page', the count, and the actions while something is selected. */
export function StudentSelectionBar({ page = [], selection, canReassign, onAction, actionsBelow = false }: Props) {
  const state = selection.pageState(page);
  const count = selection.ids.length;
  const framed = count > 0 && !actionsBelow;
  const t = studentsText.useT();
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
          label={t('selectAllOnPage')}
          checked={state === 'all' && page.length > 0}
          indeterminate={state === 'some'}
          disabled={page.length === 0}
          onChange={() => selection.togglePage(page)}
        />
        {!actionsBelow && (
          <Text size="sm" fw={600} aria-live="polite">
            {selectedText(t, count)}
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
  const t = studentsText.useT();
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
        {selectedText(t, count)}
      </Text>
      <SelectionActions {...props} />
    </Paper>
  );
}

function SelectionActions({ selection, canReassign, onAction }: ActionProps) {
  const t = studentsText.useT();
  return (
    <Group gap={6} mt={6} role="toolbar" aria-label={t('selectedStudents')}>
      {actions
        .filter((action) => canReassign || action.value !== 'reassign')
        .map(({ value, Icon }) => (
          <Button
            key={value}
            size="compact-sm"
            variant="white"
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => onAction(value)}
          >
            {t(value)}
          </Button>
        ))}
      <Button size="compact-sm" variant="subtle" leftSection={<IconX size={16} aria-hidden />} onClick={selection.clear}>
        {t('clearSelection')}
      </Button>
    </Group>
  );
}
