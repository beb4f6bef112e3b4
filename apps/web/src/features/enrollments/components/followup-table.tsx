import { Anchor, Text } from '@mantine/core';
import { relativeDays } from '@srs/shared/dates';
import type { FollowupEnrollment } from '@srs/shared/enrollments';
import { followupReasonWords } from '@srs/shared/followup';
import { messages } from '@srs/shared/messages';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { personName } from '../api.ts';

const columns: readonly Column<FollowupEnrollment>[] = [
  {
    key: 'student',
    header: 'STUDENT',
    render: (e) => (
      <Anchor size="sm" component={Link} to={pathTo('student', { studentId: e.student.id })} fw={500}>
        {personName(e.student)}
      </Anchor>
    ),
  },
  { key: 'course', header: 'COURSE', render: (e) => e.series.name },
  { key: 'instructor', header: 'INSTRUCTOR', render: (e) => personName(e.instructor) },
  // SPEC section 2's four columns; under the relative time, why the row is on the list.
  {
    key: 'followup',
    header: 'LAST FOLLOW-UP',
    render: (e) => (
      <>
        {relativeDays(e.last_followup_date)}
        <Text size="xs" c="dimmed">
          {followupReasonWords(e.followup_reason)}
        </Text>
      </>
    ),
  },
];

type Props = { enrollments: readonly FollowupEnrollment[] | undefined; loading: boolean; height: number };

/** Students needing follow-up (dashboard), at the fixed height of SPEC section 9. */
export function FollowupTable({ enrollments, loading, height }: Props) {
  return (
    <DataTable
      label="Students needing follow-up"
      columns={columns}
      rows={enrollments}
      rowKey={(e) => e.id}
      emptyMessage={messages.noStudentsNeedingFollowup}
      loading={loading}
      height={height}
      fixedHeight
    />
  );
}
