import { Button, Center, Divider, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { useCan } from '../../../lib/permissions.ts';
import { duplicateSearchQuery } from '../api.ts';
import { searchWordsOf } from '../forms/student-form-values.ts';
import { studentWizardText } from './messages.ts';
import { SearchResults } from './search-results.tsx';

/** Only global admins create a student without placing them through a school (SPEC section 6). */
export const automaticPathRoles = ['global_admin'] as const;

type Props = {
  /** The text of the last search, kept when the user comes back to this step. */
  searched: string | null;
  onSearch: (text: string) => void;
  onCreateNew: () => void;
  onPlaceManually: () => void;
  onBack: () => void;
};

/**
 * Steps 1 and 2: search by name (required), see who is already recorded, then choose how to
 * place the new student. The choices come only after a search, so nobody is added twice unseen.
 */
export function SearchStep({ searched, onSearch, onCreateNew, onPlaceManually, onBack }: Props) {
  const t = studentWizardText.useT();
  const c = commonText.useT();
  const [text, setText] = useState(searched ?? '');
  const [error, setError] = useState<string | null>(null);
  const canCreate = useCan(automaticPathRoles);
  const results = useQuery({
    ...duplicateSearchQuery(searchWordsOf(searched ?? '')),
    enabled: searched !== null,
  });

  return (
    <Stack gap="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') setError(sharedText(messages.fieldRequired));
          else onSearch(text.trim());
        }}
      >
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('studentName')}
            placeholder={t('firstAndLastName')}
            withAsterisk
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            // The focus stays on Search: the message must be announced.
            errorProps={{ role: 'alert' }}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button type="submit" mt={25} leftSection={<IconSearch size={16} aria-hidden />} loading={results.isFetching}>
            {c('search')}
          </Button>
        </Group>
      </form>
      {searched !== null && results.isPending && (
        <Center py="sm">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      )}
      {searched !== null && results.data && <SearchResults students={results.data.students} searchText={searched} />}
      {searched !== null && results.isError && (
        <Text c="red" size="sm" role="alert">
          {results.error.message}
        </Text>
      )}
      {searched !== null && results.isSuccess && (
        <>
          <Divider label={t('notFoundAdd')} labelPosition="left" />
          <Group gap="sm" wrap="wrap">
            {canCreate && <Button onClick={onCreateNew}>{t('createNewStudent')}</Button>}
            <Button variant={canCreate ? 'light' : 'filled'} onClick={onPlaceManually}>
              {t('placeManually')}
            </Button>
          </Group>
        </>
      )}
      <Group>
        <Button variant="default" onClick={onBack}>
          {c('back')}
        </Button>
      </Group>
    </Stack>
  );
}
