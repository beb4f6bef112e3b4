import { Anchor } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import { type EnrollmentSummary, lessonSentLabel } from '@srs/shared/enrollments';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { courseEnrollmentPath, seminarEnrollmentPath } from '../../../lib/site-map/paths.ts';
import { StatusBadge } from './status-badge.tsx';

type Props = { studentId: number; type: 'Course' | 'Seminar'; enrollments: readonly EnrollmentSummary[] };

/**
 * A student's course or seminar enrollments. A course enrollment links to its lessons tab, a
 * seminar enrollment to its presentations tab; orphaned enrollments are greyed.
 */
export function EnrollmentTable({ studentId, type, enrollments }: Props) {
  const isCourse = type === 'Course';
  const columns: Column<EnrollmentSummary>[] = [
    {
      key: 'series',
      header: isCourse ? 'COURSE' : 'SEMINAR',
      render: (e) => (
        <Anchor
          size="sm"
          component={Link}
          to={isCourse ? courseEnrollmentPath(studentId, e.id) : seminarEnrollmentPath(studentId, e.id)}
          c={e.orphaned ? 'dimmed' : undefined}
        >
          {e.series_name}
        </Anchor>
      ),
    },
    { key: 'registration', header: 'REGISTRATION NUMBER', render: (e) => e.registration_number },
    { key: 'status', header: 'STATUS', render: (e) => <StatusBadge status={e.status} /> },
    ...(isCourse
      ? [
          { key: 'lesson', header: 'LESSON', render: (e: EnrollmentSummary) => lessonSentLabel(e.lesson_number) },
          {
            key: 'sent',
            header: 'LAST SENT',
            render: (e: EnrollmentSummary) => formatDate(e.last_sent_delivery?.date_sent),
          },
        ]
      : []),
    { key: 'followup', header: 'LAST FOLLOW-UP', render: (e) => formatDate(e.cached_latest_followup_date) },
    { key: 'orphaned', header: 'NOTE', render: (e) => (e.orphaned ? 'Orphaned' : '') },
  ];
  return (
    <DataTable
      label={isCourse ? 'Course enrollments' : 'Seminar enrollments'}
      columns={columns}
      rows={enrollments}
      rowKey={(e) => e.id}
      emptyMessage={isCourse ? 'No course enrollments.' : 'No seminar enrollments.'}
      rowStyle={(e) => (e.orphaned ? { opacity: 0.55 } : undefined)}
      minWidth={640}
      nowrap
    />
  );
}
