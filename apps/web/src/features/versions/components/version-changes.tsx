import { Box, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import type { VersionChange } from '@srs/shared/versions';
import { useState } from 'react';
import { useSharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { versionsText } from '../messages.ts';

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
  const t = versionsText.useT();
  const shared = useSharedText();
  const mobile = useIsMobile();
  const [chosen, setChosen] = useState<string[]>([]);
  const revertible = onRevert ? changes.filter((change) => change.revertible) : [];
  if (changes.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('noField')}
      </Text>
    );
  }
  const toggle = (field: string, on: boolean) =>
    setChosen((current) => (on ? [...current, field] : current.filter((name) => name !== field)));
  const box = (change: VersionChange) =>
    change.revertible && onRevert ? (
      <Checkbox
        aria-label={t('setFieldBack', { field: shared(change.label) })}
        checked={chosen.includes(change.field)}
        onChange={(event) => toggle(change.field, event.currentTarget.checked)}
      />
    ) : null;
  return (
    <>
      {mobile ? (
        // On phones each field is a card of three lines: the table would not fit.
        <Box component="ul" aria-label={t('changedFields')} p={0} m={0} style={{ listStyle: 'none' }}>
          {changes.map((change) => (
            <Group component="li" key={change.field} wrap="nowrap" align="flex-start" gap="sm" py={6}>
              {box(change)}
              <div>
                <Text fw={600} size="sm">
                  {shared(change.label)}
                </Text>
                <Text size="sm">{t('beforeValue', { value: change.before })}</Text>
                <Text size="sm">{t('afterValue', { value: change.after })}</Text>
              </div>
            </Group>
          ))}
        </Box>
      ) : (
        <Table striped aria-label={t('changedFields')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {revertible.length > 0 && <Table.Th w={90}>{t('setBack')}</Table.Th>}
              <Table.Th>{t('field')}</Table.Th>
              <Table.Th>{t('before')}</Table.Th>
              <Table.Th>{t('after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr key={change.field}>
                {revertible.length > 0 && <Table.Td>{box(change)}</Table.Td>}
                <Table.Td fw={600}>{shared(change.label)}</Table.Td>
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
            {t('setChosenBack')}
          </Button>
        </Group>
      )}
    </>
  );
}
