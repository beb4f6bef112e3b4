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
import { showSuccess } from '../../../lib/toasts.ts';
import { type ShareAction, useBulkShare } from '../api.ts';
import { BulkForm } from './bulk-form.tsx';

const wording: Record<ShareAction, { title: string; verb: string; help: string }> = {
  bulk_share: {
    title: 'Share students',
    verb: 'Share',
    help: 'They will see these students, their enrollments and records, as their instructor does.',
  },
  bulk_unshare: {
    title: 'Unshare students',
    verb: 'Unshare',
    help: 'They will no longer see these students, unless they see them some other way.',
  },
};

type Props = {
  action: ShareAction;
  opened: boolean;
  onClose: () => void;
  students: readonly Student[];
  onDone: () => void;
};

/** Shares the selected students with other staff, or stops sharing them. */
export function BulkShareDialog({ action, opened, onClose, students, onDone }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={wording[action].title}>
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

  const submit = () => {
    const input = BulkShareInput.safeParse({
      student_ids: students.map((student) => student.id),
      user_ids: userIds.map(Number),
    });
    if (!input.success) {
      setError(messages.fieldRequired);
      return;
    }
    share.mutate(input.data, {
      onSuccess: () => {
        showSuccess(messages.updated);
        onDone();
      },
    });
  };

  return (
    <BulkForm
      students={students}
      submitLabel={words.verb}
      busy={share.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <MultiSelect
        label="Staff"
        description={words.help}
        placeholder={userIds.length === 0 ? 'Search by name or email' : undefined}
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
        nothingFoundMessage={users.isFetching ? messages.loading : 'No staff found.'}
        error={error}
        withAsterisk
      />
    </BulkForm>
  );
}
