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

type Props = {
  page: readonly Student[] | undefined;
  selection: StudentSelection;
  /** Reassigning is for admins (docs/decisions.md: writes by role). */
  canReassign: boolean;
  onAction: (action: BulkAction) => void;
};

/** 'Select all on this page', the count, and the actions while something is selected. */
export function StudentSelectionBar({ page = [], selection, canReassign, onAction }: Props) {
  const state = selection.pageState(page);
  const count = selection.ids.length;
  return (
    <Paper
      withBorder={count > 0}
      bg={count > 0 ? 'var(--mantine-color-blue-light)' : undefined}
      px={count > 0 ? 'sm' : 0}
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
        <Text size="sm" fw={600} aria-live="polite">
          {count > 0 ? `${countOf(count, 'student')} selected` : ''}
        </Text>
      </Group>
      {count > 0 && (
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
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={selection.clear}
          >
            Clear selection
          </Button>
        </Group>
      )}
    </Paper>
  );
}
