import { Anchor, Button, Group, List, Text } from '@mantine/core';
import type { ImportKeptRecord, ImportUndoResponse, VersionDetail } from '@srs/shared/versions';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { HttpError } from '../../../lib/http-errors.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { changedAt } from '../format.ts';
import { versionsText } from '../messages.ts';

/** What an undo did, in a sentence: 'Import undone: 2 students, 3 enrollments and 1 lesson deleted; 1 student kept.' */
export function undoneSentence(result: ImportUndoResponse): string {
  const { students, enrollments, lessons } = result.undone;
  if (result.kept.length === 0) return versionsText.t('undone', { students, enrollments, lessons });
  const kept = new Set(result.kept.map((one) => one.student_id)).size;
  return versionsText.t('undoneKept', { students, enrollments, lessons, kept });
}

/** The students an undo was refused for (409): changed since the import. */
function keptOf(error: unknown): { sentence: string; kept: ImportKeptRecord[] } | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as { error?: string; kept?: ImportKeptRecord[] } | null;
  return body?.kept ? { sentence: body.error ?? error.message, kept: body.kept } : null;
}

type Props = {
  importUndo: NonNullable<VersionDetail['import_undo']>;
  undo: UseMutationResult<ImportUndoResponse, Error, boolean>;
};

/**
 * An import of students on its version's page (issue 27): when it was undone, or the undo itself,
 * asked first. When something it made changed since, the server names it and undoes nothing; the
 * person then chooses to undo the rest and keep those, or to leave the import as it is.
 */
export function ImportUndo({ importUndo, undo }: Props) {
  const t = versionsText.useT();
  const [confirming, setConfirming] = useState(false);
  const [changed, setChanged] = useState<{ sentence: string; kept: ImportKeptRecord[] } | null>(null);
  const close = () => {
    setConfirming(false);
    setChanged(null);
  };
  const onConfirm = () =>
    undo.mutate(changed !== null, {
      onSuccess: (result) => {
        close();
        showSuccess(undoneSentence(result));
      },
      onError: (error) => {
        const refused = keptOf(error);
        if (refused) setChanged(refused);
        else showError(error instanceof HttpError ? error.handlerText : error.message);
      },
    });
  if (importUndo.undone_at) return <Text size="sm">{t('undoneOn', { when: changedAt(importUndo.undone_at) })}</Text>;
  if (!importUndo.can_undo) return null;
  return (
    <>
      <Group mt="xs">
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          {t('undoImport')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('undoImport')}
        confirmLabel={changed ? t('undoRest') : t('undoConfirm')}
        danger
        busy={undo.isPending}
        onConfirm={onConfirm}
        onClose={close}
      >
        {changed ? (
          <>
            <Text size="sm" mb="xs">
              {changed.sentence}
            </Text>
            <List size="sm" spacing={4}>
              {changed.kept.map((one) => (
                <List.Item key={`${one.student_id}-${one.why}`}>
                  <Anchor component={Link} to={`/students/${one.student_id}`}>
                    {one.name}
                  </Anchor>
                  : {one.why}
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          t('undoBody')
        )}
      </ConfirmDialog>
    </>
  );
}
