import { Alert, Button, Group, Text } from '@mantine/core';
import { deletedRecordOf, deletedSentence } from '@srs/shared/deleted-records';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPanel } from './error-panel.tsx';

/**
 * The page of a record deleted since (issue 25), from its 404's body: when and by whom, and, for
 * those who may open it, the change that deleted it; a student comes back from there for the
 * admins of its school. A body that tells no deletion reads as any failed load.
 */
export function DeletedRecordPanel({ body }: { body: unknown }) {
  const deleted = deletedRecordOf(body);
  if (!deleted) return <ErrorPanel message={null} />;
  const kind = deleted.record === 'student' ? 'Student' : 'Enrollment';
  return (
    <Alert role="alert" color="gray" variant="light" title={`${kind} deleted`} icon={<IconTrash aria-hidden />} my="md">
      <Text size="sm">{deletedSentence(deleted)}</Text>
      {deleted.version_id !== null && (
        <Group mt="sm">
          <Button component={Link} to={`/versions/${deleted.version_id}`} variant="light" size="xs">
            {deleted.can_restore ? `Restore this ${deleted.record}` : 'See what was deleted'}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
