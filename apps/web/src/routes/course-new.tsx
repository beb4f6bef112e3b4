import { Paper } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useCreateSeries } from '../features/series/api.ts';
import { SeriesForm, seriesBody, seriesFormValues } from '../features/series/components/series-form.tsx';
import { coursesText } from '../features/series/messages.ts';
import { recordPath } from '../lib/site-map/paths.ts';
import { showSuccess } from '../lib/toasts.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

/** /courses/new (global admins: the catalogue is theirs): the course, then its lessons on its page. */
export function Component() {
  const t = coursesText.useT();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const create = useCreateSeries();
  return (
    <>
      <PageHeader title={t('newCourse')} />
      <Paper withBorder={!mobile} p={mobile ? 0 : 'md'} bg={mobile ? 'transparent' : undefined} maw={960}>
        <SeriesForm
          initial={seriesFormValues()}
          submitLabel={t('createCourse')}
          saving={create.isPending}
          onCancel={() => void navigate('/courses')}
          onSubmit={async (values) => {
            const course = await create.mutateAsync({ type: 'Course', ...seriesBody(values) });
            showSuccess(coursesText.t('courseCreated'));
            // The new course opens on its lessons, the next thing to fill in.
            void navigate(recordPath('course', course.id, 'lessons'));
          }}
        />
      </Paper>
    </>
  );
}
