import { Anchor } from '@mantine/core';
import type { EnrollmentSummary } from '@srs/shared/enrollments';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { courseEnrollmentPath, seminarEnrollmentPath } from '../../../lib/site-map/paths.ts';
import { lessonSentText, studentPageText } from '../messages.ts';
import { StatusBadge } from './status-badge.tsx';

type Props = { studentId: number; type: 'Course' | 'Seminar'; enrollments: readonly EnrollmentSummary[] };

/**
 * A student's course or seminar enrollments. A course enrollment links to its lessons tab, a
 * seminar enrollment to its presentations tab; orphaned enrollments are greyed.
 */
export function EnrollmentTable({ studentId, type, enrollments }: Props) {
  const isCourse = type === 'Course';
  const t = studentPageText.useT();
  const columns: Column<EnrollmentSummary>[] = [
    {
      key: 'series',
      header: isCourse ? t('courseHeader') : t('seminarHeader'),
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
    { key: 'registration', header: t('registrationNumberHeader'), render: (e) => e.registration_number },
    { key: 'status', header: t('statusHeader'), render: (e) => <StatusBadge status={e.status} /> },
    ...(isCourse
      ? [
          { key: 'lesson', header: t('lessonHeader'), render: (e: EnrollmentSummary) => lessonSentText(e.lesson_number) },
          {
            key: 'sent',
            header: t('lastSentHeader'),
            render: (e: EnrollmentSummary) => formatDate(e.last_sent_delivery?.date_sent),
          },
        ]
      : []),
    { key: 'followup', header: t('lastFollowupHeader'), render: (e) => formatDate(e.cached_latest_followup_date) },
    { key: 'orphaned', header: t('noteHeader'), render: (e) => (e.orphaned ? t('orphaned') : '') },
  ];
  return (
    <DataTable
      label={isCourse ? t('courseEnrollments') : t('seminarEnrollments')}
      columns={columns}
      rows={enrollments}
      rowKey={(e) => e.id}
      emptyMessage={isCourse ? t('noCourseEnrollments') : t('noSeminarEnrollments')}
      rowStyle={(e) => (e.orphaned ? { opacity: 0.55 } : undefined)}
      minWidth={640}
      nowrap
    />
  );
}
