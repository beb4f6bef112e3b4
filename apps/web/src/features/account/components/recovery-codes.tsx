import { Alert, Button, CopyButton, Group, List, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { accountText } from '../messages.ts';
import classes from './settings.module.css';

/**
 * The recovery codes, shown once when the second factor is turned on ('k7q2-9fxm-c4hd-w8tz'): each
 * whole on its line (never broken at a hyphen), as many side by side as fit, and copied one a line.
 */
export function RecoveryCodes({ codes, onKept }: { codes: string[]; onKept: () => void }) {
  const t = accountText.useT();
  return (
    <Stack gap="sm">
      <Alert color="green" title={t('factorIsOn')} role="status">
        {t('keepCodes')}
      </Alert>
      <List listStyleType="none" ff="monospace" className={classes.codes} aria-label={t('recoveryCodes')} translate="no">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
              {copied ? t('copied') : t('copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onKept}>{t('keptThem')}</Button>
      </Group>
    </Stack>
  );
}
