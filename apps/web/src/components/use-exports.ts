import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { createElement, useState } from 'react';
import { toast } from 'react-toastify';
import { type ExportFormat, exportFormatNames } from '@srs/shared/exports';
import { downloadExport } from '../lib/exports.ts';
import type { QueryParams } from '../lib/http.ts';
import { ExportProgress } from './export-progress.tsx';
import type { PageAction } from './page-header.tsx';
import { componentsText } from './text.ts';

/** How often the progress of a download is redrawn at most. */
const progressEveryMs = 250;

/**
 * The 'Export CSV' and 'Export Excel' page actions of a list: each export honours the list's
 * current filter. While one downloads, a notice tells how much has arrived and can cancel it.
 * Their words are read in the language of the moment, where the actions are drawn.
 */
export function useExports(basePath: string, query: QueryParams, label: string): PageAction[] {
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const t = componentsText.useT();
  const start = (format: ExportFormat) => {
    const controller = new AbortController();
    const id = `export:${label}.${format}`;
    const name = `${label} (${exportFormatNames[format]})`;
    const render = (bytes: number) =>
      createElement(ExportProgress, { name, bytes, onCancel: () => controller.abort() });
    toast.info(render(0), { toastId: id, autoClose: false, closeButton: false, closeOnClick: false, icon: false });
    let shown = 0;
    const onProgress = (bytes: number) => {
      const now = Date.now();
      if (now - shown < progressEveryMs) return;
      shown = now;
      toast.update(id, { render: render(bytes) });
    };
    setRunning(format);
    void downloadExport(`${basePath}.${format}`, query, label, format, { signal: controller.signal, onProgress }).finally(
      () => {
        toast.dismiss(id);
        setRunning(null);
      },
    );
  };
  const action = (format: ExportFormat, icon: typeof IconDownload): PageAction => ({
    label: t('exportAs', { format: exportFormatNames[format] }),
    icon: createElement(icon, { size: 18, 'aria-hidden': true }),
    loading: running === format,
    onClick: () => start(format),
  });
  return [action('csv', IconDownload), action('xlsx', IconFileSpreadsheet)];
}
