import { Alert, Button, CopyButton, Group, List, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import classes from './settings.module.css';

/**
 * The recovery codes, shown once when the second factor is turned on ('k7q2-9fxm-c4hd-w8tz'): each
 * whole on its line (never broken at a hyphen), as many side by side as fit, and copied one a line.
 */
export function RecoveryCodes({ codes, onKept }: { codes: string[]; onKept: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="green" title="The second factor is on" role="status">
        Keep these recovery codes somewhere safe, away from your phone. Each signs you in once if you do not have your
        app. They are not shown again.
      </Alert>
      <List listStyleType="none" ff="monospace" className={classes.codes} aria-label="Recovery codes" translate="no">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
              {copied ? 'Copied' : 'Copy the codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onKept}>I have kept them</Button>
      </Group>
    </Stack>
  );
}
