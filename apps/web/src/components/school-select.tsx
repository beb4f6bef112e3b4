import { Select, type SelectProps } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { schoolOptionsQuery, schoolSelectData } from '../lib/lookups/schools.ts';
import { useSharedText } from '../i18n/shared.ts';
import { componentsText } from './text.ts';

/**
 * The required School select over the user's schools, as the school-select steps and the
 * reassign dialog show it: code, church and place, filtered by what is typed.
 */
export function SchoolSelect(props: Omit<SelectProps, 'label' | 'data' | 'placeholder'>) {
  const schools = useQuery(schoolOptionsQuery);
  const t = componentsText.useT();
  const shared = useSharedText();
  return (
    <Select
      label={t('school')}
      withAsterisk
      placeholder={schools.isPending ? shared(messages.loading) : t('selectSchool')}
      data={schoolSelectData(schools.data?.schools)}
      searchable
      limit={200}
      nothingFoundMessage={t('noSchoolsFound')}
      // Its forms keep the focus on their button when no school is chosen: the error speaks up.
      errorProps={{ role: 'alert' }}
      {...props}
    />
  );
}
