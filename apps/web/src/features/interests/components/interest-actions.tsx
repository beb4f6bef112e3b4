import { ActionIcon, Menu } from '@mantine/core';
import type { Interest, InterestStatusAction } from '@srs/shared/interests';
import { IconCheck, IconDots, IconLockOpen, IconPencil, IconPhoneCall, IconSchool, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../lib/http-errors.ts';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { useInterestStatus } from '../api.ts';
import { personName } from '../format.ts';

export type InterestDialog = { kind: 'edit' | 'close'; interest: Interest };

const done: Record<Exclude<InterestStatusAction, 'closed'>, string> = {
  contacted: 'is marked contacted',
  enrolled: 'is marked enrolled',
  reopened: 'is open again',
};

/** What can be done next with an interest, as its row's menu; editing and closing open a dialog. */
export function InterestActions({ interest, onDialog }: { interest: Interest; onDialog: (dialog: InterestDialog) => void }) {
  const status = useInterestStatus();
  const navigate = useNavigate();
  const act = (action: Exclude<InterestStatusAction, 'closed'>) =>
    status.mutate(
      { id: interest.id, action },
      {
        onSuccess: (saved) => showSuccess(`${personName(saved)} ${done[action]}.`),
        onError: (error) => showError(error instanceof HttpError ? error.handlerText : String(error)),
      },
    );
  const closed = interest.status === 'closed';
  const worked = interest.status !== 'new' && !closed;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${personName(interest)}`} loading={status.isPending}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onDialog({ kind: 'edit', interest })}>
          Edit
        </Menu.Item>
        {interest.status === 'new' && (
          <Menu.Item leftSection={<IconSchool size={16} aria-hidden />} onClick={() => void navigate(`${pathTo('interest-assignments')}?query=${encodeURIComponent(personName(interest))}`)}>
            Assign to a school
          </Menu.Item>
        )}
        {worked && !interest.contacted_at && (
          <Menu.Item leftSection={<IconPhoneCall size={16} aria-hidden />} onClick={() => act('contacted')}>
            Mark contacted
          </Menu.Item>
        )}
        {worked && !interest.enrolled_at && (
          <Menu.Item leftSection={<IconCheck size={16} aria-hidden />} onClick={() => act('enrolled')}>
            Mark enrolled
          </Menu.Item>
        )}
        {closed ? (
          <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => act('reopened')}>
            Reopen
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconX size={16} aria-hidden />} color="red" onClick={() => onDialog({ kind: 'close', interest })}>
            Close…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
