import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Student, SuggestedSchool } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { suggestedSchoolsQuery } from '../api.ts';
import { schoolLabel } from '../format.ts';
import { studentWizardText } from './messages.ts';

export function distanceLabel(miles: number | null): string {
  return miles === null ? studentWizardText.t('distanceUnknown') : studentWizardText.t('miles', { miles: miles.toFixed(1) });
}

type Props = {
  courseId: number;
  zipCode: string;
  /** The school being saved to, while the save runs. */
  savingSchoolId: number | null;
  /** After a partial save the student already lives in this school: only it can be chosen. */
  lockedSchool: Student['school'] | null;
  error: string | null;
  onChoose: (school: SuggestedSchool) => void;
  onBack: () => void;
};

/** Step 5: schools offering the course, the one that claimed the zip first, then the nearest. */
export function SuggestedSchoolsStep(props: Props) {
  const schools = useQuery(suggestedSchoolsQuery(props.courseId, props.zipCode));
  const t = studentWizardText.useT();
  const c = commonText.useT();
  const locked = props.lockedSchool;
  const lockedNoteId = useId();
  const lockedOut = (school: SuggestedSchool) => locked !== null && locked.id !== school.id;
  return (
    <Stack gap="md">
      {props.error && (
        <Alert color="red" title={t('notPlaced')} role="alert">
          {props.error}
        </Alert>
      )}
      <Text size="sm">{t('schoolsNearZip', { zip: props.zipCode })}</Text>
      {locked && (
        // The student is created once: the other schools stay disabled, and this says why.
        <Text size="sm" id={lockedNoteId}>
          {t('createdIn', { school: schoolLabel(locked) })}
        </Text>
      )}
      {schools.isPending && (
        <Center py="sm">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      )}
      {schools.isError && (
        <Text c="red" size="sm" role="alert">
          {schools.error.message}
        </Text>
      )}
      {schools.data?.schools.length === 0 && (
        <Text c="dimmed" ta="center" py="sm">
          {t('noSchoolNear')}
        </Text>
      )}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('suggestedSchools')}>
        {schools.data?.schools.map((school) => (
          <Paper key={school.id} component="li" withBorder p="xs">
            <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} size="sm">
                  {schoolLabel(school)}
                </Text>
                <Text size="sm" c="dimmed">
                  {[school.city, school.state].filter(Boolean).join(', ') || '-'} · {distanceLabel(school.distance_miles)}
                </Text>
                <Group gap={4}>
                  {school.claimed && (
                    <Badge size="sm" variant="light" color="green">
                      {t('claimedZip')}
                    </Badge>
                  )}
                  {!school.head_school_admin && (
                    <Badge size="sm" variant="light" color="orange">
                      {t('noHeadSchoolAdmin')}
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Button
                size="xs"
                onClick={() => props.onChoose(school)}
                loading={props.savingSchoolId === school.id}
                disabled={
                  (props.savingSchoolId !== null && props.savingSchoolId !== school.id) ||
                  lockedOut(school)
                }
                aria-label={t('chooseSchool', { school: schoolLabel(school) })}
                aria-describedby={lockedOut(school) ? lockedNoteId : undefined}
                style={{ flexShrink: 0 }}
              >
                {t('choose')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group>
        <Button variant="default" onClick={props.onBack} disabled={props.savingSchoolId !== null}>
          {c('back')}
        </Button>
      </Group>
    </Stack>
  );
}
