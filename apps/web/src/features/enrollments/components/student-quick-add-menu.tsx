import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { enrollLabel, studentQuickAddMenu } from '@srs/shared/roles';
import { IconChevronDown, IconPlus, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { useSharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { RecordFormModal } from '../forms/record-form-modal.tsx';
import type { RecordFormTarget } from '../forms/record-form-target.ts';
import { enrollmentsText } from '../messages.ts';

/**
 * The student quick-add menu (SPEC section 2, five entries): a menu button in the header on
 * wide screens, a page-action icon on phones; each entry opens its form for this student (and,
 * on an enrollment page, that enrollment). Below them, apart, enrolling the student in another
 * course or seminar.
 */
export function StudentQuickAddMenu({ studentId, enrollmentId = null }: { studentId: number; enrollmentId?: number | null }) {
  const t = enrollmentsText.useT();
  const shared = useSharedText();
  const menuLabel = t('addToStudent');
  const mobile = useIsMobile();
  const [target, setTarget] = useState<RecordFormTarget | null>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {mobile ? (
            <Tooltip label={menuLabel}>
              <ActionIcon variant="light" size="lg" aria-label={menuLabel}>
                <IconPlus size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              rightSection={<IconChevronDown size={16} aria-hidden />}
            >
              {menuLabel}
            </Button>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          {studentQuickAddMenu.map((item) => (
            <Menu.Item key={item.key} onClick={() => setTarget({ kind: item.key, studentId, enrollmentId })}>
              {shared(item.label)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSchool size={16} aria-hidden />}
            onClick={() => setTarget({ kind: 'enroll', studentId })}
          >
            {shared(enrollLabel)}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RecordFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
