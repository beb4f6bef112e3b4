import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { offlineText } from '../../lib/offline/text.ts';
import { useOnline, useWaitingWrites } from '../../lib/offline/use-offline.ts';
import { dropWrite, sendAgain, sendWaiting, type WaitingWrite } from '../../lib/offline/write-queue.ts';
import { tabOfKind } from '../../lib/offline/written.ts';
import { enrollmentPath } from '../../lib/site-map/paths.ts';

type Translate = ReturnType<typeof offlineText.useT>;

/** 'Lesson received, 11/28/2026: Ana Ruiz · Bible Course'. */
function WriteTitle({ write, t }: { write: WaitingWrite; t: Translate }) {
  const { what } = write;
  const whose =
    what.studentName && what.seriesName
      ? t('ofStudent', { student: what.studentName, series: what.seriesName })
      : what.enrollmentId !== null
        ? t('ofEnrollment', { id: what.enrollmentId })
        : null;
  return (
    <div>
      <Text fw={600} size="sm">
        {t('kind', { kind: what.kind })}
        {what.date ? `, ${formatDate(what.date)}` : ''}
      </Text>
      {whose && <Text size="sm">{whose}</Text>}
      <Text size="xs" c="dimmed">
        {t('madeAt', { moment: formatDateTime(new Date(write.madeAt)) })}
      </Text>
    </div>
  );
}

/** Where the person fixes a write: its enrollment's page, on the tab of its kind of record. */
function fixPath(write: WaitingWrite): string | null {
  const { what } = write;
  if (what.enrollmentId === null || what.studentId === null || what.seriesType === null) return null;
  return enrollmentPath(what.studentId, what.enrollmentId, what.seriesType, tabOfKind(what.kind));
}

function WriteRow({ write, behind, onOpenRecord }: { write: WaitingWrite; behind: boolean; onOpenRecord: () => void }) {
  const t = offlineText.useT();
  const online = useOnline();
  const [dropping, setDropping] = useState(false);
  const [busy, setBusy] = useState(false);
  const path = fixPath(write);
  const stuck = write.state !== 'waiting';
  const state =
    write.state === 'refused'
      ? t('stateRefused', { reason: write.reason ?? '' })
      : write.state === 'changed'
        ? t('stateChanged')
        : behind
          ? t('stateBehind')
          : t('stateWaiting');
  return (
    <Stack gap={6} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-waiting-write={write.key}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <WriteTitle write={write} t={t} />
        {!stuck && (
          <Badge variant="light" color="gray" style={{ flex: 'none' }}>
            {t('stateWaiting')}
          </Badge>
        )}
      </Group>
      {(stuck || behind) && (
        <Text size="sm" c={stuck ? 'red.8' : 'dimmed'}>
          {state}
        </Text>
      )}
      <Group gap="xs">
        {stuck && (
          <Button
            size="compact-sm"
            disabled={!online}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void sendAgain(write.key).finally(() => setBusy(false));
            }}
          >
            {t('sendAnyway')}
          </Button>
        )}
        {stuck && path && (
          <Button size="compact-sm" variant="default" component={Link} to={path} onClick={onOpenRecord}>
            {t('openToFix')}
          </Button>
        )}
        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDropping(true)}>
          {t('drop')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={dropping}
        title={t('dropTitle')}
        confirmLabel={t('drop')}
        danger
        busy={false}
        onClose={() => setDropping(false)}
        onConfirm={() => {
          setDropping(false);
          void dropWrite(write.key);
        }}
      >
        {t('dropBody')}
      </ConfirmDialog>
    </Stack>
  );
}

/** The writes kept on the phone, in the order they go, each with what the person may do. */
export function WaitingList({ onOpenRecord }: { onOpenRecord: () => void }) {
  const t = offlineText.useT();
  const online = useOnline();
  const writes = useWaitingWrites();
  const [sending, setSending] = useState(false);
  if (writes.length === 0) return <Text size="sm">{t('listEmpty')}</Text>;
  // A write of an enrollment behind one that could not be sent waits for it.
  const stuckEnrollments = new Set<number>();
  const behind = writes.map((write) => {
    const enrollment = write.what.enrollmentId;
    const isBehind = enrollment !== null && stuckEnrollments.has(enrollment);
    if (enrollment !== null && write.state !== 'waiting') stuckEnrollments.add(enrollment);
    return isBehind && write.state === 'waiting';
  });
  return (
    <Stack gap={0}>
      <Text size="sm" mb="xs">
        {t('listIntro')}
      </Text>
      {writes.map((write, index) => (
        <WriteRow key={write.key} write={write} behind={behind[index] ?? false} onOpenRecord={onOpenRecord} />
      ))}
      {online && writes.some((write) => write.state === 'waiting') && (
        <Group justify="flex-end" mt="sm">
          <Button
            loading={sending}
            onClick={() => {
              setSending(true);
              void sendWaiting().finally(() => setSending(false));
            }}
          >
            {t('sendNow')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
