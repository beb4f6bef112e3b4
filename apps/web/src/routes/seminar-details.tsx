import { Stack } from '@mantine/core';
import { ParticipatingSchools } from '../features/seminars/components/participating-schools.tsx';
import { SeminarDetails } from '../features/seminars/components/seminar-details.tsx';
import { useOutletSeminar } from '../features/seminars/seminar-outlet.ts';

export function Component() {
  const seminar = useOutletSeminar();
  return (
    <Stack gap="md">
      <SeminarDetails seminar={seminar} />
      <ParticipatingSchools seminarId={seminar.id} seminarName={seminar.name} />
    </Stack>
  );
}
