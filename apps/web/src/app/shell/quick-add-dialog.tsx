import { Button, Divider, Modal, NavLink, Stack, Text } from '@mantine/core';
import { can, quickAddMenu, quickCreateMenu, type TokenUser } from '@srs/shared/roles';
import { IconArrowLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { RecordForm, recordFormTitle } from '../../features/enrollments/forms/record-form.tsx';
import type { RecordFormTarget } from '../../features/enrollments/forms/record-form-target.ts';
import { NewStudentWizard } from '../../features/students/wizard/new-student-wizard.tsx';
import { schoolOptionsQuery } from '../../lib/lookups/schools.ts';
import { usePageMatch } from '../../lib/site-map/page-match.ts';
import {
  newSeminarPath,
  newStudentDraftName,
  openRecord,
  type QuickTarget,
  quickAddTarget,
  quickCreateTarget,
  withoutOnlySchoolStep,
} from './quick-add-targets.ts';
import { SchoolSelectStep } from './school-select-step.tsx';
import { commonText } from '../../i18n/common.ts';
import { useSharedText } from '../../i18n/shared.ts';
import { shellText } from './text.ts';

type Step =
  | { kind: 'menu' }
  | { kind: 'select-school' }
  | { kind: 'new-student' }
  | { kind: 'record'; target: RecordFormTarget };

const menuStep: Step = { kind: 'menu' };

/** The new-student item's words (packages/shared), the wizard's title too. */
const newStudentItem = quickAddMenu.find((item) => item.key === 'new_student')?.label ?? '';

type Props = {
  user: TokenUser;
  opened: boolean;
  onClose: () => void;
  /** Opened by a reload with the new-student wizard open: it opens on the wizard. */
  resumeWizard?: boolean;
};

/** The Quick Add modal: its menu, then the form of the item chosen (SPEC section 2). */
export function QuickAddDialog({ user, opened, onClose, resumeWizard = false }: Props) {
  const t = shellText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(resumeWizard ? { kind: 'new-student' } : menuStep);
  // Each opening starts at the menu.
  const [shownOpened, setShownOpened] = useState(opened);
  if (shownOpened !== opened) {
    setShownOpened(opened);
    if (opened) setStep(menuStep);
  }
  const open = openRecord(usePageMatch());

  const addItems = quickAddMenu.filter((item) => can(user, item.roles));
  const createItems = quickCreateMenu.filter((item) => can(user, item.roles));
  // A school admin with one school is not asked to pick it: the list is read as the menu opens.
  const schoolStep = [...addItems, ...createItems].some((item) => item.key === 'select_school' || item.key === 'seminar');
  const schools = useQuery({ ...schoolOptionsQuery, enabled: opened && schoolStep });
  const go = (chosen: QuickTarget) => {
    const target = withoutOnlySchoolStep(chosen, schools.data?.schools);
    if (target.kind === 'navigate') navigate(target.to);
    else setStep(target);
  };
  const back = () => setStep(menuStep);
  // The pressed item is gone with its step: the focus moves on to the new step's first control,
  // instead of falling back to the page behind the dialog.
  const stepBody = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepBody.current?.querySelector<HTMLElement>('[data-autofocus], input, button, a[href]')?.focus();
  }, [step]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={titleOf(step, shared)}
      size={step.kind === 'menu' || step.kind === 'select-school' ? 'md' : 'lg'}
    >
      <div ref={stepBody}>
        {step.kind === 'new-student' && <NewStudentWizard onClose={onClose} draftName={newStudentDraftName} />}
        {step.kind === 'select-school' && (
          <SchoolSelectStep onBack={back} onSelect={(id) => navigate(newSeminarPath(id))} />
        )}
        {step.kind === 'record' && (
          <Stack gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={back}
              style={{ alignSelf: 'flex-start' }}
            >
              {c('back')}
            </Button>
            <RecordForm target={step.target} onDone={onClose} />
          </Stack>
        )}
        {step.kind === 'menu' && (
          <Stack gap={0}>
            <nav aria-label={t('quickAdd')}>
              {addItems.map((item) => (
                <NavLink
                  key={item.key}
                  component="button"
                  type="button"
                  label={shared(item.label)}
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  onClick={() => go(quickAddTarget(item.key, open))}
                />
              ))}
            </nav>
            {createItems.length > 0 && (
              <>
                <Divider my="sm" label={t('create')} labelPosition="left" />
                <nav aria-label={t('create')}>
                  {createItems.map((item) => (
                    <NavLink
                      key={item.key}
                      component="button"
                      type="button"
                      label={shared(item.label)}
                      rightSection={<IconChevronRight size={16} aria-hidden />}
                      onClick={() => go(quickCreateTarget(item.key))}
                    />
                  ))}
                </nav>
              </>
            )}
            {open.studentId !== null && (
              <Text size="xs" c="dimmed" mt="sm">
                {t('formsStartWith', { enrollment: open.enrollmentId !== null ? 'yes' : 'no' })}
              </Text>
            )}
          </Stack>
        )}
      </div>
    </Modal>
  );
}

function titleOf(step: Step, shared: (text: string) => string): string {
  if (step.kind === 'record') return recordFormTitle(step.target);
  if (step.kind === 'new-student') return shared(newStudentItem);
  return shellText.t('quickAdd');
}
