import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { QueryParams } from '../../../lib/http.ts';
import { PdfProgress } from '../../../components/export-progress.tsx';
import { usePdfMaking } from '../../../components/use-pdf-making.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { printAveryLabels } from '../api.ts';
import { AverySheetPicker } from './avery-sheet-picker.tsx';
import { commonText } from '../../../i18n/common.ts';
import { studentsText } from '../messages.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  selectedIds: readonly number[];
  /** The list's current filter (studentFilterQuery) and how many students it finds. */
  filter: QueryParams;
  filterCount: number | undefined;
};

/**
 * What the download printed. Students off the mailing list get no label (the server leaves them
 * out), so when labels are fewer than the students asked for, the toast says why.
 */
export function labelsPrintedText(count: number, students?: number): string {
  if (students === undefined || students <= count) return studentsText.t('labelsPrinted', { count });
  return studentsText.t('labelsPrintedSome', { count, students, left: students - count });
}

/** 'Print mailing labels': an Avery 5160 PDF of the selected students or of the whole filter. */
export function AveryLabelsDialog({ opened, onClose, ...rest }: Props) {
  const t = studentsText.useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('printLabelsTitle')}>
      <LabelsForm {...rest} onClose={onClose} />
    </Modal>
  );
}

type Scope = 'selected' | 'filter';

function LabelsForm({ selectedIds, filter, filterCount, onClose }: Omit<Props, 'opened'>) {
  // Until the user picks, the selection decides; a selection emptied meanwhile cannot be printed.
  const [picked, setPicked] = useState<Scope | null>(null);
  const scope: Scope = selectedIds.length === 0 ? 'filter' : (picked ?? 'selected');
  const [start, setStart] = useState(1);
  const { making, make } = usePdfMaking();
  const t = studentsText.useT();
  const c = commonText.useT();

  const download = async () => {
    const printed = await make(() => printAveryLabels(scope === 'selected' ? { ids: selectedIds } : { filter }, start));
    if (printed === null) return;
    showSuccess(labelsPrintedText(printed, scope === 'selected' ? selectedIds.length : filterCount));
    onClose();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      <Stack>
        <Radio.Group label={t('printLabelsFor')} value={scope} onChange={(value) => setPicked(value as Scope)}>
          <Stack gap={6} mt={6}>
            <Radio
              value="selected"
              label={t('theSelected', { count: selectedIds.length })}
              disabled={selectedIds.length === 0}
            />
            <Radio
              value="filter"
              label={
                filterCount === undefined ? t('allOfFilter') : t('allCountOfFilter', { count: filterCount })
              }
            />
          </Stack>
        </Radio.Group>
        <AverySheetPicker value={start} onChange={setStart} />
        <Text size="sm" c="dimmed">
          {t('labelsLeftOut')}
        </Text>
        <Group justify="flex-end">
          <PdfProgress making={making} />
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button type="submit" loading={making}>
            {t('downloadLabels')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
