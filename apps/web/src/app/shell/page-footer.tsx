import { Anchor, Group, Text } from '@mantine/core';
import classes from './shell.module.css';
import { shellText } from './text.ts';

/** The footer: a help-guide link and a copyright line (SPEC section 2). */
export function PageFooter({ helpGuideUrl }: { helpGuideUrl: string | undefined }) {
  const t = shellText.useT();
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="xs">
        {helpGuideUrl ? (
          <Anchor href={helpGuideUrl} target="_blank" rel="noopener noreferrer" size="sm">
            {t('helpGuide')}
          </Anchor>
        ) : (
          <span />
        )}
        <Text size="sm" c="dimmed">
          {t('copyright', { year: String(new Date().getFullYear()) })}
        </Text>
      </Group>
    </footer>
  );
}
