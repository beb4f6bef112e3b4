import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StudentImportChoice, StudentImportResponse, StudentImportStatus } from '@srs/shared/student-import';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '../../../lib/browser.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { studentImportText } from '../messages.ts';
import { refusedFileName, refusedRowsCsv } from '../refused-csv.ts';
import { useStudentImport } from '../use-student-import.ts';
import { ColumnMapping } from './column-mapping.tsx';
import { ImportFileStep } from './import-file-step.tsx';
import { ImportFailure, ImportProgress, ImportResult } from './import-outcome.tsx';
import { ImportRows } from './import-rows.tsx';
import { ImportTotals } from './import-totals.tsx';

/** How many students the apply makes and how many enrollments it adds to students found. */
export function applyCounts(preview: StudentImportResponse, choices: Readonly<Record<number, StudentImportChoice>>) {
  let students = preview.totals.new;
  let added = 0;
  for (const row of preview.rows) {
    if (row.status !== 'match') continue;
    if (choices[row.line] === 'create') students++;
    if (choices[row.line] === 'add_enrollment') added++;
  }
  return { students, added };
}

/**
 * /students/import (issue 27): a spreadsheet of students and their courses, previewed row by row
 * (each column's meaning changeable, each match's choice made), then imported all at once.
 */
export function StudentImportPage() {
  const mobile = useIsMobile();
  const t = studentImportText.useT();
  const importer = useStudentImport();
  const { state } = importer;
  const [filter, setFilter] = useState<StudentImportStatus | 'all'>('all');
  const busy = state.phase !== 'choosing';
  const apply = useSubmitOnce(importer.apply);
  const { preview } = state;
  const counts = preview ? applyCounts(preview, state.choices) : { students: 0, added: 0 };
  const download = () => {
    if (!preview || !state.file) return;
    const text = refusedRowsCsv(preview);
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), refusedFileName(state.file.name));
  };
  const section = { withBorder: !mobile, p: mobile ? 0 : 'md', bg: mobile ? 'transparent' : undefined } as const;

  return (
    <Stack gap="md" maw={1200}>
      <Paper {...section}>
        <Stack gap="sm">
          <Text size="sm">
            {t('intro')}
          </Text>
          <ImportFileStep
            file={state.file}
            schoolId={state.schoolId}
            busy={busy}
            onFile={(file) => {
              setFilter('all');
              void importer.chooseFile(file);
            }}
            onSchool={(id) => void importer.chooseSchool(id)}
          />
        </Stack>
      </Paper>
      <ImportProgress phase={state.phase} store={importer.progress} />
      {state.failure && (
        <ImportFailure
          failure={state.failure}
          canPreviewAgain={state.file !== null && !busy}
          onPreviewAgain={() => void importer.previewAgain()}
        />
      )}
      {state.result && <ImportResult result={state.result} onAnother={importer.startOver} />}
      {preview && !state.result && (
        <>
          <ImportTotals totals={preview.totals} filter={filter} onFilter={setFilter} />
          <Paper {...section} component="section" aria-labelledby="import-columns-title">
            <Title order={2} size="h4" id="import-columns-title" mb="xs">
              {t('columns')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('columnsHelp')}
            </Text>
            <ColumnMapping
              columns={preview.columns}
              pending={state.phase === 'previewing' ? state.mapping : null}
              busy={busy}
              onChange={(index, field) => void importer.changeMeaning(index, field)}
            />
          </Paper>
          <Paper {...section} component="section" aria-labelledby="import-rows-title">
            <Group justify="space-between" mb="xs" gap="xs">
              <Title order={2} size="h4" id="import-rows-title">
                {t('rows')}
              </Title>
              {preview.totals.refused > 0 && (
                <Button variant="light" size="xs" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
                  {t('downloadRefused')}
                </Button>
              )}
            </Group>
            <ImportRows
              rows={preview.rows}
              filter={filter}
              choices={state.choices}
              busy={busy}
              onChoose={importer.choose}
              onChooseAll={importer.chooseAll}
            />
          </Paper>
          <Paper {...section}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {t('willBeMade', { students: counts.students, added: counts.added })}
              </Text>
              <Button
                onClick={(event) => void apply.submit(event)}
                loading={apply.busy}
                disabled={busy || counts.students + counts.added === 0}
                fullWidth={mobile}
              >
                {counts.students === 0 && counts.added > 0
                  ? t('addEnrollments', { count: counts.added })
                  : t('importStudents', { count: counts.students })}
              </Button>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  );
}
