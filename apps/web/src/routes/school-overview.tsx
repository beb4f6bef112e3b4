import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { FieldList } from '../features/students/components/field-list.tsx';
import { ClaimedZips } from '../features/schools/components/claimed-zips.tsx';
import { HeadSchoolAdmin } from '../features/schools/components/head-school-admin.tsx';
import { SchoolDetails } from '../features/schools/components/school-details.tsx';
import { ZipImportDialog } from '../features/schools/components/zip-import-dialog.tsx';
import { schoolsText } from '../features/schools/messages.ts';
import { useOutletSchool } from '../features/schools/school-outlet.ts';
import { commonText } from '../i18n/common.ts';

export function Component() {
  const school = useOutletSchool();
  const [importing, setImporting] = useState(false);
  const t = schoolsText.useT();
  const c = commonText.useT();
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <FieldList
          cols={3}
          fields={[
            { label: t('schoolCode'), value: `#${school.school_code}` },
            { label: t('churchName'), value: school.church_name },
            { label: t('conference'), value: school.conference.name },
            { label: c('status'), value: school.active ? t('active') : t('inactive') },
            { label: t('students'), value: school.students_count },
            {
              label: t('headSchoolAdmin'),
              value: school.head_school_admin_user
                ? `${school.head_school_admin_user.first_name} ${school.head_school_admin_user.last_name}`
                : t('noneYet'),
            },
          ]}
        />
      </Paper>
      <HeadSchoolAdmin school={school} />
      <ClaimedZips school={school} onImport={() => setImporting(true)} />
      <SchoolDetails school={school} />
      {school.permissions.claim_zips && <ZipImportDialog opened={importing} onClose={() => setImporting(false)} />}
    </Stack>
  );
}
