import { IconDownload } from '@tabler/icons-react';
import { createElement, useState } from 'react';
import { downloadCsv } from '../lib/csv-export.ts';
import type { QueryParams } from '../lib/http.ts';
import type { PageAction } from './page-header.tsx';

/** The 'Export CSV' page action of a list: the export honours the list's current filter. */
export function useCsvExport(path: string, query: QueryParams, label: string): PageAction {
  const [loading, setLoading] = useState(false);
  return {
    label: 'Export CSV',
    icon: createElement(IconDownload, { size: 18, 'aria-hidden': true }),
    loading,
    onClick: () => {
      setLoading(true);
      void downloadCsv(path, query, label).finally(() => setLoading(false));
    },
  };
}
