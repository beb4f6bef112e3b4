import { Alert, Anchor, Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { StudentImportResponse } from '@srs/shared/student-import';
import { Link } from 'react-router';
import { type ImportProgressStore, type ImportProgressView, percentOf, progressLabel, spokenProgress, useImportProgress } from '../import-progress.ts';
import type { ImportPhase } from '../use-student-import.ts';
import { withNodes } from '../../../i18n/rich-text.ts';
import { studentImportText } from '../messages.ts';

/**
 * While the file goes up and the server reads, checks and writes its rows: a bar of the step's
 * part done, its words ('Checking row 12,000 of 50,000'), and a quieter line for screen readers
 * (import-progress.ts says how often it speaks).
 */
export function ImportProgress({ phase, store }: { phase: ImportPhase; store: ImportProgressStore }) {
  const progress = useImportProgress(store);
  const t = studentImportText.useT();
  const busy = phase !== 'choosing';
  const shown: ImportProgressView = progress ?? { step: 'sending', done: 0, total: 0 };
  return (
    <>
      {/* There before it speaks: a live region added with its words already in is often not read. */}
      <VisuallyHidden aria-live="polite">{busy ? spokenProgress(shown) : ''}</VisuallyHidden>
      {busy && (
        <Stack gap={4}>
          <Text size="sm">{progressLabel(shown)}</Text>
          <Progress
            value={percentOf(shown)}
            aria-label={phase === 'applying' ? t('importingStudents') : t('previewingFile')}
            transitionDuration={100}
          />
        </Stack>
      )}
    </>
  );
}

/** What the apply made, with the way to the students list and to its undo. */
export function ImportResult({ result, onAnother }: { result: StudentImportResponse; onAnother: () => void }) {
  const created = result.created ?? { students: 0, enrollments: 0, lessons: 0 };
  const t = studentImportText.useT();
  return (
    <Alert color="green" title={t('importDone')} role="status">
      <Stack gap="xs">
        <Text size="sm">
          {t('madeCounts', { students: created.students, enrollments: created.enrollments, lessons: created.lessons })}
          {result.totals.refused > 0 ? ` ${t('refusedLeftOut', { count: result.totals.refused })}` : ''}
        </Text>
        {result.import_id !== null && (
          <Text size="sm">
            {withNodes((marks) => t('undoFrom', marks), {
              link: (
                <Anchor component={Link} to={`/versions?item_type=StudentImport&item_id=${result.import_id}`}>
                  {t('undoLink')}
                </Anchor>
              ),
            })}
          </Text>
        )}
        <Group gap="sm">
          <Anchor component={Link} to="/students">
            {t('goToStudents')}
          </Anchor>
          <Button variant="default" size="xs" onClick={onAnother}>
            {t('importAnother')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A refused preview or apply, in the server's words; after a refused apply, nothing was written and the choices stay. */
export function ImportFailure({ failure, canPreviewAgain, onPreviewAgain }: { failure: string; canPreviewAgain: boolean; onPreviewAgain: () => void }) {
  const t = studentImportText.useT();
  return (
    <Alert color="red" title={t('nothingSaved')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{failure}</Text>
        {canPreviewAgain && (
          <Button variant="default" size="xs" onClick={onPreviewAgain}>
            {t('previewAgain')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
