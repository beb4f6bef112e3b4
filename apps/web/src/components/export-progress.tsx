import { Button, Group, Loader, Text } from '@mantine/core';
import { commonText } from '../i18n/common.ts';
import { componentsText } from './text.ts';

/** '2.4 MB', '830 kB'. */
export function sizeText(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(0, Math.round(bytes / 1000))} kB`;
}

type Props = { name: string; bytes: number; onCancel: () => void };

/** A download on its way: what it is, how much has arrived, and a way to stop it. */
export function ExportProgress({ name, bytes, onCancel }: Props) {
  const t = componentsText.useT();
  const c = commonText.useT();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" aria-live="polite">
        {t('exporting', { name, size: sizeText(bytes) })}
      </Text>
      <Button size="xs" variant="default" onClick={onCancel}>
        {c('cancel')}
      </Button>
    </Group>
  );
}

/**
 * A PDF the server is making (tickets, labels: a few seconds for a few hundred), said beside its
 * button until it is saved. The live region stays in the page so that the words are announced.
 */
export function PdfProgress({ making, what }: { making: boolean; what?: string }) {
  const t = componentsText.useT();
  return (
    <div role="status" aria-live="polite">
      {making && (
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{what ? t('makingPdfOf', { what }) : t('makingPdf')}</Text>
        </Group>
      )}
    </div>
  );
}
