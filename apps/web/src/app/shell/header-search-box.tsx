import { TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { sharedText } from '../../i18n/shared.ts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { headerSearchTarget, lookupRegistrationNumber } from './header-search.ts';
import { shellText } from './text.ts';

/** The header student search: by name, or by registration number when all digits. */
export function HeaderSearchBox() {
  const t = shellText.useT();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const target = await headerSearchTarget(text, lookupRegistrationNumber);
    if (!target) {
      setError(sharedText(messages.fieldRequired));
      return;
    }
    navigate(target);
  };

  return (
    <search aria-label={t('studentSearch')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void submit().finally(() => setBusy(false));
        }}
      >
        <TextInput
          aria-label={t('searchStudents')}
          placeholder={t('searchStudents')}
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
