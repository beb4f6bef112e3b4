import { Anchor, Group, Text } from '@mantine/core';
import classes from './shell.module.css';

/** The footer: a help-guide link and a copyright line (SPEC section 2). */
export function PageFooter({ helpGuideUrl }: { helpGuideUrl: string | undefined }) {
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="xs">
        {helpGuideUrl ? (
          <Anchor href={helpGuideUrl} target="_blank" rel="noopener noreferrer" size="sm">
            Help guide
          </Anchor>
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} Student Records System. All rights reserved.
        </Text>
      </Group>
    </footer>
  );
}
