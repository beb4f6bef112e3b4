import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { SuggestedSchool } from '@srs/shared/students';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { commonText } from '../../../i18n/common.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { fullName, schoolLabel } from '../format.ts';
import type { NewStudentResult } from '../forms/use-new-student-save.ts';
import { studentWizardText } from './messages.ts';

type Props = {
  result: NewStudentResult;
  school: SuggestedSchool;
  onBack: () => void;
  onAddAnother: () => void;
  /** The wizard is the page: the new student takes its place in the history. */
  replacesPage: boolean;
};

/** Step 6: where the new student was placed, and what to do next (SPEC section 2). */
export function SuccessStep({ result, school, onBack, onAddAnother, replacesPage }: Props) {
  const navigate = useNavigate();
  const t = studentWizardText.useT();
  const c = commonText.useT();
  const { student, enrollment } = result;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" radius="xl" size="lg" aria-hidden>
          <IconCheck size={20} />
        </ThemeIcon>
        <Text fw={600}>{t('wasAdded', { name: fullName(student) })}</Text>
      </Group>
      <Paper withBorder p="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('assignedSchool')}
        </Text>
        <Text fw={500}>{schoolLabel(school)}</Text>
        <Text size="sm" c="dimmed">
          {[school.city, school.state, school.zip_code].filter(Boolean).join(', ')}
        </Text>
        {enrollment && (
          <Text size="sm" mt={4}>
            {t('seriesRegistration', { series: enrollment.series_name, number: enrollment.registration_number })}
          </Text>
        )}
      </Paper>
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack}>
          {c('back')}
        </Button>
        <Group gap="sm">
          <Button variant="light" onClick={onAddAnother}>
            {t('addNewStudent')}
          </Button>
          <Button onClick={() => navigate(studentPath(student.id), { replace: replacesPage })}>{t('viewOverview')}</Button>
        </Group>
      </Group>
    </Stack>
  );
}
