import { ActionIcon, Group, NativeSelect, TextInput } from '@mantine/core';
import { studentSections } from '@srs/shared/students';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { commonText } from '../../i18n/common.ts';
import { type SiteMapKey, siteMapText } from '../../lib/site-map/words.ts';
import { shellText } from './text.ts';

/** The sections' names, as the site map's Students section says them. */
const sectionKeys: Record<(typeof studentSections)[number], SiteMapKey> = {
  all: 'allStudents',
  mine: 'myStudents',
  shared: 'sharedWithMe',
};

/** Phones, /students only: sets section (default all), query and page 1 (SPEC section 2). */
export function MobileSearchBar() {
  const t = shellText.useT();
  const c = commonText.useT();
  const words = siteMapText.useT();
  const [params, setParams] = useSearchParams();
  const current = params.get('query') ?? params.get('studentsQuery') ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);

  const apply = (section: string, query: string) => {
    const next = new URLSearchParams(params);
    next.set('section', section || 'all');
    next.delete('studentsQuery');
    if (query.trim()) next.set('query', query.trim());
    else next.delete('query');
    next.set('page', '1');
    setParams(next, { preventScrollReset: true });
  };
  const section = params.get('section') ?? 'all';

  return (
    <search aria-label={t('studentSearch')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply(section, text);
        }}
      >
        <Group gap="xs" wrap="nowrap" px="sm" py={6}>
          <NativeSelect
            aria-label={t('section')}
            value={section}
            onChange={(event) => apply(event.currentTarget.value, text)}
            data={studentSections.map((value) => ({ value, label: words(sectionKeys[value]) }))}
            w={140}
          />
          <TextInput
            aria-label={t('searchStudents')}
            placeholder={t('searchStudents')}
            type="search"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <ActionIcon type="submit" size="lg" aria-label={c('search')}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </search>
  );
}
