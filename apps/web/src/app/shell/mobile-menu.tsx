import { ActionIcon, Button, Divider, Drawer, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconExternalLink, IconLogout, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { changePassword } from '../../features/auth/api.ts';
import { useLogOut } from './log-out.tsx';
import type { MenuEntry, MenuLevel } from './mobile-menu-levels.ts';
import { commonText } from '../../i18n/common.ts';
import classes from './shell.module.css';
import { shellText } from './text.ts';

type Props = { opened: boolean; onClose: () => void; levels: readonly MenuLevel[]; start: number };

/**
 * The mobile menu (SPEC section 2): up to three levels, back and forward arrows and a Log Out
 * button; 10% header, 75% list, 15% footer (SPEC section 9).
 */
export function MobileMenu({ opened, onClose, levels, start }: Props) {
  const t = shellText.useT();
  const leaving = useLogOut();
  const c = commonText.useT();
  const [index, setIndex] = useState(start);
  useEffect(() => {
    if (opened) setIndex(start);
  }, [opened, start]);
  const level = levels[Math.min(index, levels.length - 1)];
  if (!level) return null;
  return (
    // Drawer.Content is the dialog: its name goes there (on the Drawer's outer box it would name a
    // box without a role, which ARIA forbids).
    <Drawer.Root opened={opened} onClose={onClose} size="100%" padding={0}>
      <Drawer.Overlay />
      <Drawer.Content aria-label={t('menu')}>
        <Drawer.Body className={classes.menuBody}>
          <div className={classes.menuHeader}>
            <Group justify="space-between" wrap="nowrap" h="100%" px="md">
              <ActionIcon
                variant="subtle"
                aria-label={c('back')}
                disabled={index === 0}
                onClick={() => setIndex((i) => Math.max(0, i - 1))}
              >
                <IconArrowLeft aria-hidden />
              </ActionIcon>
              <Stack gap={0} align="center" style={{ minWidth: 0 }}>
                <Title order={2} size="h4" lineClamp={1}>
                  {level.title}
                </Title>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {level.subtitle}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('forward')}
                  disabled={index >= levels.length - 1}
                  onClick={() => setIndex((i) => Math.min(levels.length - 1, i + 1))}
                >
                  <IconArrowRight aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={t('closeMenu')} onClick={onClose}>
                  <IconX aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </div>
          <ScrollArea className={classes.menuList}>
            <nav aria-label={level.title}>
              {level.links.map((link) =>
                link.external ? (
                  <NavLink
                    key={link.label}
                    href={link.to}
                    target="_blank"
                    rel="noopener noreferrer"
                    label={link.label}
                    rightSection={<IconExternalLink size={16} aria-hidden />}
                    onClick={onClose}
                  />
                ) : (
                  <NavLink key={link.label} component={Link} to={link.to} label={link.label} onClick={onClose} />
                ),
              )}
            </nav>
            {level.account && (
              <div role="group" aria-label={t('account')}>
                <Divider label={t('account')} labelPosition="left" mx="sm" mt="xs" />
                {level.account.map((entry) => (
                  <AccountEntry key={entry.label} entry={entry} onClose={onClose} />
                ))}
              </div>
            )}
          </ScrollArea>
          <div className={classes.menuFooter}>
            <Button
              variant="light"
              color="red"
              fullWidth
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={leaving.logOut}
            >
              {t('logOut')}
            </Button>
          </div>
        </Drawer.Body>
      </Drawer.Content>
      {leaving.dialog}
    </Drawer.Root>
  );
}

/** My Account, Settings and API Keys open their page; Change Password fetches a reset link and goes there. */
function AccountEntry({ entry, onClose }: { entry: MenuEntry; onClose: () => void }) {
  if ('action' in entry) {
    return (
      <NavLink
        component="button"
        label={entry.label}
        onClick={() => {
          onClose();
          void changePassword();
        }}
      />
    );
  }
  return <NavLink component={Link} to={entry.to} label={entry.label} onClick={onClose} />;
}
