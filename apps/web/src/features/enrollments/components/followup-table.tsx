import { Anchor, Text } from '@mantine/core';
import type { FollowupEnrollment } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { relativeDays } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { followupReasonText, followupText } from '../../../lib/followup-words.ts';
import { pathTo } from '../../../lib/site-map/paths.ts';
import { personName } from '../api.ts';
import { type NeedingFollowupT, needingFollowupText } from '../needing-followup-text.ts';

type Words = { t: NeedingFollowupT; reason: ReturnType<typeof followupText.useT> };

const columnsOf = ({ t, reason }: Words): readonly Column<FollowupEnrollment>[] => [
  {
    key: 'student',
    header: t('columnStudent'),
    render: (e) => (
      <Anchor size="sm" component={Link} to={pathTo('student', { studentId: e.student.id })} fw={500}>
        {personName(e.student)}
      </Anchor>
    ),
  },
  { key: 'course', header: t('columnCourse'), render: (e) => e.series.name },
  { key: 'instructor', header: t('columnInstructor'), render: (e) => personName(e.instructor) },
  // SPEC section 2's four columns; under the relative time, why the row is on the list.
  {
    key: 'followup',
    header: t('columnLastFollowup'),
    render: (e) => (
      <>
        {relativeDays(e.last_followup_date)}
        <Text size="xs" c="dimmed">
          {followupReasonText(e.followup_reason, reason)}
        </Text>
      </>
    ),
  },
];

type Props = { enrollments: readonly FollowupEnrollment[] | undefined; loading: boolean; height: number };

/** Students needing follow-up (dashboard), at the fixed height of SPEC section 9. */
export function FollowupTable({ enrollments, loading, height }: Props) {
  const t = needingFollowupText.useT();
  const reason = followupText.useT();
  const shared = useSharedText();
  return (
    <DataTable
      label={t('title')}
      columns={columnsOf({ t, reason })}
      rows={enrollments}
      rowKey={(e) => e.id}
      emptyMessage={shared(messages.noStudentsNeedingFollowup)}
      loading={loading}
      height={height}
      fixedHeight
    />
  );
}
