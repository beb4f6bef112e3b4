import { Select } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { IconBuildingChurch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { schoolOptionsQuery, schoolSelectData } from '../../lib/lookups/schools.ts';
import { recordPath } from '../../lib/site-map/paths.ts';
import { useSharedText } from '../../i18n/shared.ts';
import { shellText } from './text.ts';

/**
 * The header school picker, for admins (SPEC section 2): options labelled with code, church
 * name, city, state, zip and student count, filtered by case-insensitive substring.
 */
export function SchoolPicker() {
  const t = shellText.useT();
  const shared = useSharedText();
  const navigate = useNavigate();
  const schools = useQuery(schoolOptionsQuery);
  return (
    <Select
      aria-label={t('goToSchool')}
      placeholder={schools.isPending ? shared(messages.loading) : t('goToSchool')}
      data={schoolSelectData(schools.data?.schools)}
      value={null}
      onChange={(value) => value && navigate(recordPath('school', value))}
      searchable
      limit={200}
      nothingFoundMessage={t('noSchoolsFound')}
      leftSection={<IconBuildingChurch size={16} aria-hidden />}
      comboboxProps={{ width: 420, position: 'bottom-start' }}
      w={240}
    />
  );
}
