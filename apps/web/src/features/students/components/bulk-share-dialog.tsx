import { Modal, MultiSelect, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages } from '@srs/shared/messages';
import { BulkShareInput, type Student } from '@srs/shared/students';
import type { ShareUser } from '@srs/shared/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { searchDebounceMs, shouldSearch } from '../../../components/quick-find.tsx';
import { useMinSearchLength } from '../../../lib/app-config.ts';
import { shareUsersQuery, userSelectData } from '../../../lib/lookups/users.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { type ShareAction, useBulkShare } from '../api.ts';
import { studentsText } from '../messages.ts';
import { BulkForm } from './bulk-form.tsx';

/** Each action's words: the dialog's title, its button, and what it does to the staff chosen. */
const wording = {
  bulk_share: { titleKey: 'shareTitle', verbKey: 'share', helpKey: 'shareHelp' },
  bulk_unshare: { titleKey: 'unshareTitle', verbKey: 'unshare', helpKey: 'unshareHelp' },
} as const satisfies Record<ShareAction, Record<string, Parameters<typeof studentsText.t>[0]>>;

type Props = {
  action: ShareAction;
  opened: boolean;
  onClose: () => void;
  students: readonly Student[];
  onDone: () => void;
};

/** Shares the selected students with other staff, or stops sharing them. */
export function BulkShareDialog({ action, opened, onClose, students, onDone }: Props) {
  const t = studentsText.useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t(wording[action].titleKey)}>
      <ShareForm action={action} students={students} onCancel={onClose} onDone={onDone} />
    </Modal>
  );
}

/** Every word of the search in the name or the email, as the server matches them. */
function matches(user: ShareUser, search: string): boolean {
  const text = `${user.first_name} ${user.last_name} ${user.email}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

type FormProps = Omit<Props, 'opened' | 'onClose'> & { onCancel: () => void };

function ShareForm({ action, students, onCancel, onDone }: FormProps) {
  const [userIds, setUserIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // A pick closes the list: left open, it covers Cancel and Share on a phone.
  const [picking, setPicking] = useState(false);
  const minLength = useMinSearchLength();
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const term = debounced !== '' && shouldSearch(debounced, minLength) ? debounced : '';
  const users = useQuery({ ...shareUsersQuery(term), placeholderData: keepPreviousData });
  const byId = new Map((users.data?.users ?? []).map((user) => [String(user.id), user]));
  const share = useBulkShare(action);
  const words = wording[action];
  const t = studentsText.useT();
  const shared = useSharedText();

  const submit = () => {
    const input = BulkShareInput.safeParse({
      student_ids: students.map((student) => student.id),
      user_ids: userIds.map(Number),
    });
    if (!input.success) {
      setError(sharedText(messages.fieldRequired));
      return;
    }
    share.mutate(input.data, {
      onSuccess: () => {
        showSuccess(sharedText(messages.updated));
        onDone();
      },
    });
  };

  return (
    <BulkForm
      students={students}
      submitLabel={t(words.verbKey)}
      busy={share.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <MultiSelect
        label={t('staff')}
        description={t(words.helpKey)}
        placeholder={userIds.length === 0 ? t('searchByNameOrEmail') : undefined}
        data={userSelectData(users.data?.users)}
        value={userIds}
        onChange={(value) => {
          setUserIds(value);
          setError(null);
          setPicking(false);
        }}
        dropdownOpened={picking}
        onDropdownOpen={() => setPicking(true)}
        onDropdownClose={() => setPicking(false)}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options, search: text }) =>
          options.filter((option) => {
            const user = 'value' in option ? byId.get(option.value) : undefined;
            return user ? matches(user, text) : false;
          })
        }
        renderOption={({ option }) => (
          <div>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {byId.get(option.value)?.email}
            </Text>
          </div>
        )}
        maxDropdownHeight={250}
        nothingFoundMessage={users.isFetching ? shared(messages.loading) : t('noStaff')}
        error={error}
        withAsterisk
      />
    </BulkForm>
  );
}
