import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsMobile } from '../lib/use-is-mobile.ts';

export type PageAction = {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
};

type Props = { title: string; actions?: readonly PageAction[]; children?: ReactNode };

/** A page title with its actions: buttons on wide screens, icon buttons on phones (SPEC section 2). */
export function PageHeader({ title, actions = [], children }: Props) {
  const mobile = useIsMobile();
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="xs" align="flex-end">
        {children}
        {actions.map((action) =>
          mobile ? (
            <Tooltip key={action.label} label={action.label}>
              <ActionIcon
                variant="light"
                size="lg"
                aria-label={action.label}
                onClick={action.onClick}
                loading={action.loading}
              >
                {action.icon}
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              key={action.label}
              variant="light"
              leftSection={action.icon}
              onClick={action.onClick}
              loading={action.loading}
            >
              {action.label}
            </Button>
          ),
        )}
      </Group>
    </Group>
  );
}
