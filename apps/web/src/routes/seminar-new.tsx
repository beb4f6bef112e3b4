import { Paper } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useCreateSeminar } from '../features/seminars/api.ts';
import { SeminarForm } from '../features/seminars/components/seminar-form.tsx';
import { seminarsText } from '../features/seminars/messages.ts';
import { pages } from '../lib/site-map/pages.ts';
import { pathOf } from '../lib/site-map/paths.ts';

/**
 * /seminars/new?school_id=…: Quick Add's 'Select a school' and the school's seminars tab lead here
 * with the hosting school chosen; without it the form asks for one (SPEC section 5).
 */
export function Component() {
  const t = seminarsText.useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateSeminar();
  const schoolId = params.get('school_id');
  return (
    <>
      <PageHeader title={t('newSeminar')} />
      <Paper withBorder p="md">
        <SeminarForm
          initial={{ name: '', location: '', description: '', schoolId: schoolId && /^[0-9]+$/.test(schoolId) ? schoolId : null }}
          submitLabel={t('createSeminar')}
          saving={create.isPending}
          onCancel={() => navigate(pages.seminars.path)}
          onSubmit={(values) =>
            create.mutate(
              {
                type: 'Seminar',
                name: values.name,
                location: values.location,
                description: values.description,
                school_id: Number(values.schoolId),
              },
              { onSuccess: (seminar) => navigate(pathOf(pages.seminar, { seminarId: String(seminar.id) }, 'details')) },
            )
          }
        />
      </Paper>
    </>
  );
}
