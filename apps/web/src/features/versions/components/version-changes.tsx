import { Box, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import type { VersionChange } from '@srs/shared/versions';
import { useState } from 'react';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

type Props = {
  changes: VersionChange[];
  /** Sets the chosen fields back (an update of a student); absent where nothing can be set back. */
  onRevert?: (fields: string[]) => void;
  reverting?: boolean;
};

/**
 * Each field of a change, before and after. Where a field can be set back (an update of a
 * student), a box chooses it, and one button sets the chosen ones back together.
 */
export function VersionChanges({ changes, onRevert, reverting = false }: Props) {
  const mobile = useIsMobile();
  const [chosen, setChosen] = useState<string[]>([]);
  const revertible = onRevert ? changes.filter((change) => change.revertible) : [];
  if (changes.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No field to show.
      </Text>
    );
  }
  const toggle = (field: string, on: boolean) =>
    setChosen((current) => (on ? [...current, field] : current.filter((name) => name !== field)));
  const box = (change: VersionChange) =>
    change.revertible && onRevert ? (
      <Checkbox
        aria-label={`Set ${change.label} back`}
        checked={chosen.includes(change.field)}
        onChange={(event) => toggle(change.field, event.currentTarget.checked)}
      />
    ) : null;
  return (
    <>
      {mobile ? (
        // On phones each field is a card of three lines: the table would not fit.
        <Box component="ul" aria-label="Changed fields" p={0} m={0} style={{ listStyle: 'none' }}>
          {changes.map((change) => (
            <Group component="li" key={change.field} wrap="nowrap" align="flex-start" gap="sm" py={6}>
              {box(change)}
              <div>
                <Text fw={600} size="sm">
                  {change.label}
                </Text>
                <Text size="sm">Before: {change.before}</Text>
                <Text size="sm">After: {change.after}</Text>
              </div>
            </Group>
          ))}
        </Box>
      ) : (
        <Table striped aria-label="Changed fields" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {revertible.length > 0 && <Table.Th w={90}>Set back</Table.Th>}
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.field}>
                {revertible.length > 0 && <Table.Td>{box(change)}</Table.Td>}
                <Table.Td fw={600}>{change.label}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{change.before}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{change.after}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {revertible.length > 0 && onRevert && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="light"
            disabled={chosen.length === 0}
            loading={reverting}
            onClick={() => onRevert(chosen)}
          >
            Set chosen fields back
          </Button>
        </Group>
      )}
    </>
  );
}
