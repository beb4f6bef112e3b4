import { Anchor } from '@mantine/core';
import type { versionRecordTypes } from '@srs/shared/versions';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { componentsText } from './text.ts';

type Props = { itemType: keyof typeof versionRecordTypes; itemId: number };

/** A record's History (issue 11): /versions narrowed to its changes, newest first. */
export function HistoryLink({ itemType, itemId }: Props) {
  const t = componentsText.useT();
  return (
    <Anchor
      component={Link}
      to={`/versions?item_type=${itemType}&item_id=${itemId}`}
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconHistory size={16} aria-hidden />
      {t('history')}
    </Anchor>
  );
}
