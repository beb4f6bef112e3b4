import { Anchor, Button, Group, List, Text } from '@mantine/core';
import type { ImportKeptRecord, ImportUndoResponse, VersionDetail } from '@srs/shared/versions';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { HttpError } from '../../../lib/http-errors.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { changedAt } from '../format.ts';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What an undo did, in a sentence. */
export function undoneSentence(result: ImportUndoResponse): string {
  const { students, enrollments, lessons } = result.undone;
  const deleted = `${counted(students, 'student', 'students')}, ${counted(enrollments, 'enrollment', 'enrollments')} and ${counted(lessons, 'lesson', 'lessons')} deleted`;
  const kept = result.kept.length > 0 ? `; ${counted(new Set(result.kept.map((one) => one.student_id)).size, 'student', 'students')} kept` : '';
  return `Import undone: ${deleted}${kept}.`;
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
  if (importUndo.undone_at) return <Text size="sm">This import was undone on {changedAt(importUndo.undone_at)}.</Text>;
  if (!importUndo.can_undo) return null;
  return (
    <>
      <Group mt="xs">
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Undo this import
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Undo this import"
        confirmLabel={changed ? 'Undo the rest' : 'Undo import'}
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
          'Every student, enrollment and lesson this import made is deleted. Each student can still be brought back from Versions, one at a time.'
        )}
      </ConfirmDialog>
    </>
  );
}
