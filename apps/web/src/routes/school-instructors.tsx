import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SchoolInstructors } from '../features/schools/components/school-instructors.tsx';
import { schoolsText } from '../features/schools/messages.ts';
import { useOutletSchool } from '../features/schools/school-outlet.ts';
import { useCan } from '../lib/permissions.ts';
import { quickCreateRoles } from '../lib/site-map/entries.ts';
import { pathTo } from '../lib/site-map/paths.ts';

/** The school's staff; "Add an instructor" carries the school into the new instructor's first role. */
export function Component() {
  const school = useOutletSchool();
  const t = schoolsText.useT();
  const mayAdd = useCan(quickCreateRoles('instructor')) && school.permissions.update;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('instructorsIntro')}
        </Text>
        {mayAdd && (
          <Button component={Link} to={`${pathTo('instructor-new')}?school_id=${school.id}`} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('addInstructor')}
          </Button>
        )}
      </Group>
      <SchoolInstructors schoolId={school.id} />
    </Stack>
  );
}
