import { Alert, Button, Group, Text } from '@mantine/core';
import { deletedRecordOf } from '@srs/shared/deleted-records';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../i18n/format.ts';
import { ErrorPanel } from './error-panel.tsx';
import { componentsText } from './text.ts';

/**
 * The page of a record deleted since (issue 25), from its 404's body: when and by whom, and, for
 * those who may open it, the change that deleted it; a student comes back from there for the
 * admins of its school. A body that tells no deletion reads as any failed load.
 */
export function DeletedRecordPanel({ body }: { body: unknown }) {
  const t = componentsText.useT();
  const deleted = deletedRecordOf(body);
  if (!deleted) return <ErrorPanel message={null} />;
  const record = deleted.record;
  const by = deleted.deleted_by;
  // 'This student was deleted on 11/28/2026 by Ann Lee.' (@srs/shared/deleted-records' deletedSentence)
  const sentence = t('deletedSentence', {
    record,
    date: formatDate(deleted.deleted_on),
    known: by ? 'yes' : 'no',
    name: by ? `${by.first_name} ${by.last_name}`.trim() : '',
  });
  return (
    <Alert role="alert" color="gray" variant="light" title={t('deletedTitle', { record })} icon={<IconTrash aria-hidden />} my="md">
      <Text size="sm">{sentence}</Text>
      {deleted.version_id !== null && (
        <Group mt="sm">
          <Button component={Link} to={`/versions/${deleted.version_id}`} variant="light" size="xs">
            {deleted.can_restore ? t('restoreRecord', { record }) : t('seeDeleted')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
