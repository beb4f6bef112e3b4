import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { mergeMessages } from '@srs/shared/student-merge';
import type { Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { useMergeStudents } from '../features/student-merge/api.ts';
import { MergeChoices } from '../features/student-merge/components/merge-choices.tsx';
import { studentMergeText } from '../features/student-merge/messages.ts';
import { withNodes } from '../i18n/rich-text.ts';
import { formatDate } from '../i18n/format.ts';
import { sharedText } from '../i18n/shared.ts';
import { differingFields, initialChoices, mergeBody } from '../features/student-merge/merge-fields.ts';
import { studentQuery } from '../features/students/api.ts';
import { routeIdOf } from '../lib/http-errors.ts';
import { showSuccess } from '../lib/toasts.ts';

const nameOf = (student: Student) => `${student.first_name} ${student.last_name}`;
const enrollmentsOf = (student: Student) => student.course_enrollments.length + student.seminar_enrollments.length;

function RecordCard({ student, role }: { student: Student; role: string }) {
  const t = studentMergeText.useT();
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase">
        {role}
      </Text>
      <Anchor component={Link} to={`/students/${student.id}`} fw={600}>
        {nameOf(student)}
      </Anchor>
      <Text size="sm">
        (#{student.school.school_code}) {student.school.church_name}
      </Text>
      <Text size="sm">
        {t('enrollmentsAdded', { count: enrollmentsOf(student), date: formatDate(student.created_at.slice(0, 10)) })}
      </Text>
    </Paper>
  );
}

/**
 * /students/merge?keep={id}&merge={id} (issue 27): two records of one person side by side; the
 * admin picks each differing value (the newer record's chosen at first), may swap which record is
 * kept, and merges: everything of the other moves to the kept one. Undone from Versions.
 */
export function Component() {
  const [params] = useSearchParams();
  const keep = params.get('keep');
  const other = params.get('merge');
  const t = studentMergeText.useT();
  if (keep === null || other === null) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Text size="sm">
          {withNodes((marks) => t('chooseOnDuplicates', marks), {
            link: (
              <Anchor component={Link} to="/students/duplicates">
                {t('likelyDuplicates')}
              </Anchor>
            ),
          })}
        </Text>
      </>
    );
  }
  return <MergeRecords keptId={routeIdOf(keep, 'Student')} mergedId={routeIdOf(other, 'Student')} />;
}

function MergeRecords({ keptId, mergedId }: { keptId: number; mergedId: number }) {
  const [, setParams] = useSearchParams();
  const kept = useQuery(studentQuery(keptId));
  const merged = useQuery(studentQuery(mergedId));
  const merge = useMergeStudents();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<ReturnType<typeof initialChoices> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const t = studentMergeText.useT();
  if (kept.isError) throw kept.error;
  if (merged.isError) throw merged.error;
  if (!kept.data || !merged.data) return <PageLoader />;
  const fields = differingFields(kept.data, merged.data);
  const chosen = choices ?? initialChoices(fields);
  const swap = () => {
    setChoices(null);
    setParams({ keep: String(mergedId), merge: String(keptId) });
  };
  const onMerge = () =>
    merge.mutate(mergeBody(kept.data, merged.data, chosen), {
      onSuccess: (result) => {
        setConfirming(false);
        showSuccess(studentMergeText.t('mergedNotice', { merged: nameOf(merged.data), kept: nameOf(kept.data) }));
        for (const series of result.same_series) {
          showSuccess(studentMergeText.t('twoActive', { name: nameOf(kept.data), series: series.series_name }), { autoClose: false });
        }
        void navigate(`/students/${result.student_id}`);
      },
    });
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="md">
        <Text size="sm">{t('intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RecordCard student={kept.data} role={t('keptRecord')} />
          <RecordCard student={merged.data} role={t('otherRecord')} />
        </SimpleGrid>
        <Group>
          <Button variant="default" onClick={swap}>
            {t('keepOther')}
          </Button>
        </Group>
        <Paper withBorder p="sm">
          <Title order={2} size="h4" mb="xs">
            {t('valuesToKeep')}
          </Title>
          <MergeChoices
            fields={fields}
            choices={chosen}
            onChoose={(field, whose) => setChoices({ ...chosen, [field]: whose })}
          />
        </Paper>
        {kept.data.erased_at || merged.data.erased_at ? (
          <Alert color="red">{sharedText(mergeMessages.erased)}</Alert>
        ) : (
          <Group>
            <Button color="red" onClick={() => setConfirming(true)}>
              {t('merge')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('title')}
        confirmLabel={t('merge')}
        danger
        busy={merge.isPending}
        onConfirm={onMerge}
        onClose={() => setConfirming(false)}
      >
        {t('confirmText', { merged: nameOf(merged.data), kept: nameOf(kept.data) })}
      </ConfirmDialog>
    </>
  );
}
