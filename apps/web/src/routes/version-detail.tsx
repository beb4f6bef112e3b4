import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { commonText } from '../i18n/common.ts';
import { useSharedText } from '../i18n/shared.ts';
import { useVersionAction, versionQuery } from '../features/versions/api.ts';
import { ImportUndo } from '../features/versions/components/import-undo.tsx';
import { VersionChanges } from '../features/versions/components/version-changes.tsx';
import { changedAt, changedBy, changeTitle, namesItsKind } from '../features/versions/format.ts';
import { versionsText } from '../features/versions/messages.ts';
import { routeIdOf } from '../lib/http-errors.ts';
import { showSuccess } from '../lib/toasts.ts';

const versionIdOf = (value: string | undefined) => routeIdOf(value, 'Version');

export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(versionQuery(versionIdOf(params.versionId)));
  return null;
}

/**
 * /versions/{id} (issue 11): one change, who made it and when, the record (linked while it
 * exists) and each field before and after; a deleted student comes back from here, the
 * fields of a change to a student can be set back, and an import of students is undone.
 */
export function Component() {
  const t = versionsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const id = versionIdOf(useParams().versionId);
  const query = useQuery(versionQuery(id));
  const { restore, revert, undo } = useVersionAction(id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const version = query.data;
  if (!version) {
    if (query.isError) throw query.error;
    return <PageLoader />;
  }
  const onRestore = () =>
    restore.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        showSuccess(versionsText.t('restored', { record: version.record }));
        if (result.record_path) void navigate(result.record_path);
      },
    });
  const onRevert = (fields: string[]) =>
    revert.mutate(fields, { onSuccess: () => showSuccess(versionsText.t('chosenSetBack')) });
  return (
    <>
      <Stack gap={4} mb="md">
        <Title order={1} size="h2">
          {changeTitle(version)}
        </Title>
        <Text size="sm" c="dimmed">
          {t('byOn', { who: changedBy(version), when: changedAt(version.created_at) })}
        </Text>
        <Group gap="xs">
          <Text size="sm">
            {namesItsKind(version) ? t('record') : shared(version.item_type_label)}:{' '}
            {version.record_path ? (
              <Anchor component={Link} to={version.record_path}>
                {version.record}
              </Anchor>
            ) : (
              version.event === 'destroy' ? t('recordDeleted', { record: version.record }) : version.record
            )}
          </Text>
          <Anchor component={Link} to={`/versions?item_type=${version.item_type}&item_id=${version.item_id}`} size="sm">
            {t('wholeHistory')}
          </Anchor>
        </Group>
        {version.removed_with && (
          <Text size="sm">{t('deletedWithIt', { what: version.removed_with })}</Text>
        )}
        {version.import_undo && <ImportUndo importUndo={version.import_undo} undo={undo} />}
        {version.can_restore && (
          <Group mt="xs">
            <Button onClick={() => setConfirming(true)}>{t('restoreStudent')}</Button>
          </Group>
        )}
      </Stack>
      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          {version.event === 'update' || version.event === 'erase'
            ? t('changedFields')
            : version.event === 'create'
              ? t('asCreated')
              : t('asItWas')}
        </Title>
        <VersionChanges
          changes={version.changes}
          onRevert={version.changes.some((change) => change.revertible) ? onRevert : undefined}
          reverting={revert.isPending}
        />
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={t('restoreStudent')}
        confirmLabel={c('restore')}
        busy={restore.isPending}
        onConfirm={onRestore}
        onClose={() => setConfirming(false)}
      >
        {version.removed_with && version.removed_with !== 'nothing else'
          ? t('restoreBodyWith', { record: version.record, what: version.removed_with })
          : t('restoreBody', { record: version.record })}
      </ConfirmDialog>
    </>
  );
}
