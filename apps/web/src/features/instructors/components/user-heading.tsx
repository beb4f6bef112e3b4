import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import type { UserDetail } from '@srs/shared/users';
import { IconDotsVertical, IconMail, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { HistoryLink } from '../../../components/history-link.tsx';
import { commonText } from '../../../i18n/common.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { instructorName, roleText, useDeleteMfa, useWelcomeEmail } from '../api.ts';
import { instructorsText } from '../messages.ts';
import { withNodes } from '../../../i18n/rich-text.ts';
import { DeleteUserModal } from './delete-user-modal.tsx';

/** Says what the welcome email does before sending it: a new link, and the earlier one stops working. */
function WelcomeEmailModal({ user, opened, onClose }: { user: UserDetail; opened: boolean; onClose: () => void }) {
  const welcome = useWelcomeEmail(user.id);
  const t = instructorsText.useT();
  const c = commonText.useT();
  const send = () =>
    welcome.mutate(undefined, {
      onSuccess: () => {
        showSuccess(t('welcomeEmailSent', { email: user.email }));
        onClose();
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('sendWelcomeEmail')}>
      <Stack>
        <Text size="sm">
          {withNodes((marks) => t('sendWelcomeQuestion', { name: instructorName(user), email: marks.email }), { email: <strong>{user.email}</strong> })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button onClick={send} loading={welcome.isPending}>
            {t('sendWelcomeEmail')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The instructor's name, roles and the actions the server allows this admin (permissions). */
export function UserHeading({ user }: { user: UserDetail }) {
  const [deleting, setDeleting] = useState(false);
  const [welcoming, setWelcoming] = useState(false);
  const mfa = useDeleteMfa(user.id);
  const t = instructorsText.useT();
  const { permissions } = user;
  const any = permissions.welcome_email || permissions.delete_mfa || permissions.destroy;
  return (
    <Stack gap={2} mb="md">
      <Group gap={4} wrap="nowrap" align="center">
        <Title order={1} size="h2">
          {instructorName(user)}
        </Title>
        {any && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="xl" aria-label={t('instructorActions')}>
                <IconDotsVertical size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {permissions.welcome_email && (
                <Menu.Item
                  leftSection={<IconMail size={16} aria-hidden />}
                  onClick={() => setWelcoming(true)}
                >
                  {t('sendWelcomeEmail')}
                </Menu.Item>
              )}
              {permissions.delete_mfa && (
                <Menu.Item
                  leftSection={<IconShieldOff size={16} aria-hidden />}
                  onClick={() => mfa.mutate(undefined, { onSuccess: () => showSuccess(t('secondFactorCleared')) })}
                >
                  {t('clearSecondFactor')}
                </Menu.Item>
              )}
              {permissions.destroy && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
                  {t('deleteInstructor')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="md">
        <Text size="sm" c="dimmed">
          {user.roles.map(roleText).join(' · ') || t('noRoles')}
        </Text>
        <HistoryLink itemType="User" itemId={user.id} />
      </Group>
      {permissions.welcome_email && (
        <WelcomeEmailModal user={user} opened={welcoming} onClose={() => setWelcoming(false)} />
      )}
      {permissions.destroy && <DeleteUserModal user={user} opened={deleting} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}
