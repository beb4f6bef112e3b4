import { TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { headerSearchTarget, lookupRegistrationNumber } from './header-search.ts';

/** The header student search: by name, or by registration number when all digits. */
export function HeaderSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const target = await headerSearchTarget(text, lookupRegistrationNumber);
    if (!target) {
      setError(messages.fieldRequired);
      return;
    }
    navigate(target);
  };

  return (
    <search aria-label="Student search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void submit().finally(() => setBusy(false));
        }}
      >
        <TextInput
          aria-label="Search students"
          placeholder="Search students"
          type="search"
          value={text}
          error={error}
          readOnly={busy}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={240}
        />
      </form>
    </search>
  );
}
