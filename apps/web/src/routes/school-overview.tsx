import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { FieldList } from '../features/students/components/field-list.tsx';
import { ClaimedZips } from '../features/schools/components/claimed-zips.tsx';
import { HeadSchoolAdmin } from '../features/schools/components/head-school-admin.tsx';
import { SchoolDetails } from '../features/schools/components/school-details.tsx';
import { ZipImportDialog } from '../features/schools/components/zip-import-dialog.tsx';
import { useOutletSchool } from '../features/schools/school-outlet.ts';

export function Component() {
  const school = useOutletSchool();
  const [importing, setImporting] = useState(false);
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <FieldList
          cols={3}
          fields={[
            { label: 'School code', value: `#${school.school_code}` },
            { label: 'Church name', value: school.church_name },
            { label: 'Conference', value: school.conference.name },
            { label: 'Status', value: school.active ? 'Active' : 'Inactive' },
            { label: 'Students', value: school.students_count },
            {
              label: 'Head school admin',
              value: school.head_school_admin_user
                ? `${school.head_school_admin_user.first_name} ${school.head_school_admin_user.last_name}`
                : 'None yet',
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
