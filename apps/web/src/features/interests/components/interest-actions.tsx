import { ActionIcon, Menu } from '@mantine/core';
import type { Interest, InterestStatusAction } from '@srs/shared/interests';
import { IconCheck, IconDots, IconLockOpen, IconPencil, IconPhoneCall, IconSchool, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http-errors.ts';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { commonText } from '../../../i18n/common.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useInterestStatus } from '../api.ts';
import { personName } from '../format.ts';
import { interestsText } from '../messages.ts';

export type InterestDialog = { kind: 'edit' | 'close'; interest: Interest };

/** What the toast says once done: '{name} is marked contacted.' */
const doneKeys = {
  contacted: 'markedContacted',
  enrolled: 'markedEnrolled',
  reopened: 'openAgain',
} as const satisfies Record<Exclude<InterestStatusAction, 'closed'>, string>;

/** What can be done next with an interest, as its row's menu; editing and closing open a dialog. */
export function InterestActions({ interest, onDialog }: { interest: Interest; onDialog: (dialog: InterestDialog) => void }) {
  const status = useInterestStatus();
  const navigate = useNavigate();
  const t = interestsText.useT();
  const c = commonText.useT();
  const act = (action: Exclude<InterestStatusAction, 'closed'>) =>
    status.mutate(
      { id: interest.id, action },
      {
        onSuccess: (saved) => showSuccess(t(doneKeys[action], { name: personName(saved) })),
        onError: (error) => showError(error instanceof HttpError ? error.handlerText : String(error)),
      },
    );
  const closed = interest.status === 'closed';
  const worked = interest.status !== 'new' && !closed;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actionsFor', { name: personName(interest) })} loading={status.isPending}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onDialog({ kind: 'edit', interest })}>
          {c('edit')}
        </Menu.Item>
        {interest.status === 'new' && (
          <Menu.Item leftSection={<IconSchool size={16} aria-hidden />} onClick={() => void navigate(`${pathTo('interest-assignments')}?query=${encodeURIComponent(personName(interest))}`)}>
            {t('assignToSchool')}
          </Menu.Item>
        )}
        {worked && !interest.contacted_at && (
          <Menu.Item leftSection={<IconPhoneCall size={16} aria-hidden />} onClick={() => act('contacted')}>
            {t('markContacted')}
          </Menu.Item>
        )}
        {worked && !interest.enrolled_at && (
          <Menu.Item leftSection={<IconCheck size={16} aria-hidden />} onClick={() => act('enrolled')}>
            {t('markEnrolled')}
          </Menu.Item>
        )}
        {closed ? (
          <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => act('reopened')}>
            {t('reopen')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconX size={16} aria-hidden />} color="red" onClick={() => onDialog({ kind: 'close', interest })}>
            {t('closeMenu')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
