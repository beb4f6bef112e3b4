import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { commonText } from '../i18n/common.ts';

type Props = {
  opened: boolean;
  title: string;
  /** What will happen, in the user's words. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** Red for what removes something. */
  danger?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a change that removes something; stays open (and usable again) when the call fails. */
export function ConfirmDialog(props: Props) {
  const c = commonText.useT();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm" component="div">
        {props.children}
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={props.onClose} disabled={props.busy}>
          {c('cancel')}
        </Button>
        <Button
          color={props.danger ? 'red' : undefined}
          onClick={props.onConfirm}
          loading={props.busy}
          disabled={props.disabled}
        >
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
