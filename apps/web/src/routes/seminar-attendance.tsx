import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { attendancesQuery } from '../features/seminars/api.ts';
import { AttendanceGrid } from '../features/seminars/components/attendance-grid.tsx';
import { seminarsText } from '../features/seminars/messages.ts';
import { useOutletSeminar } from '../features/seminars/seminar-outlet.ts';

export function Component() {
  const t = seminarsText.useT();
  const seminar = useOutletSeminar();
  const query = useQuery(attendancesQuery(seminar.id));
  if (!query.data) {
    if (query.isError) throw query.error;
    return (
      <Center p="lg">
        <Loader aria-label={t('loadingAttendance')} />
      </Center>
    );
  }
  return <AttendanceGrid seminarId={seminar.id} presentations={query.data.presentations} students={query.data.students} />;
}
