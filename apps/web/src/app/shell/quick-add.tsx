import { ActionIcon, Affix, Divider, Modal, NavLink, Stack, Text } from '@mantine/core';
import { can, quickAddMenu, quickCreateMenu, type TokenUser } from '@srs/shared/roles';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  newSeminarPath,
  openStudentId,
  type QuickTarget,
  quickAddTarget,
  quickCreateTarget,
} from './quick-add-targets.ts';
import { SchoolSelectStep } from './school-select-step.tsx';

type Step = 'menu' | 'select-school';

/** The floating Quick Add button and its modal; it closes on route change (SPEC section 2). */
export function QuickAdd({ user }: { user: TokenUser }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [step, setStep] = useState<Step>('menu');
  const studentId = openStudentId(location.pathname);

  // Closing is the effect of a route change (SPEC section 2), so the route key is the dependency.
  useEffect(() => setOpened(false), [location.key]);

  const addItems = quickAddMenu.filter((item) => can(user, item.roles));
  const createItems = quickCreateMenu.filter((item) => can(user, item.roles));
  const go = (target: QuickTarget) => {
    if (target.kind === 'select-school') setStep('select-school');
    else navigate(target.to);
  };
  const open = () => {
    setStep('menu');
    setOpened(true);
  };

  return (
    <>
      <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
        <ActionIcon size={56} radius="xl" aria-label="Quick Add" onClick={open} variant="filled" color="blue">
          <IconPlus size={28} aria-hidden />
        </ActionIcon>
      </Affix>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Quick Add" size="md">
        {step === 'select-school' ? (
          <SchoolSelectStep onBack={() => setStep('menu')} onSelect={(id) => navigate(newSeminarPath(id))} />
        ) : (
          <Stack gap={0}>
            {studentId && (
              <Text size="sm" c="dimmed" mb="xs">
                Student #{studentId} is selected.
              </Text>
            )}
            <nav aria-label="Quick Add">
              {addItems.map((item) => (
                <NavLink
                  key={item.key}
                  component="button"
                  type="button"
                  label={item.label}
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  onClick={() => go(quickAddTarget(item.key, studentId))}
                />
              ))}
            </nav>
            {createItems.length > 0 && (
              <>
                <Divider my="sm" label="Create" labelPosition="left" />
                <nav aria-label="Create">
                  {createItems.map((item) => (
                    <NavLink
                      key={item.key}
                      component="button"
                      type="button"
                      label={item.label}
                      rightSection={<IconChevronRight size={16} aria-hidden />}
                      onClick={() => go(quickCreateTarget(item.key))}
                    />
                  ))}
                </nav>
              </>
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
