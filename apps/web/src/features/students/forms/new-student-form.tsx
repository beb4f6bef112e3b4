import { Checkbox, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SeriesOption } from '@srs/shared/series';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { commonText } from '../../../i18n/common.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { schoolQuery } from '../../../lib/lookups/schools.ts';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { studentPath } from '../../../lib/site-map/paths.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDraft } from '../../../lib/use-draft.ts';
import { schoolLabel } from '../format.ts';
import { HeadSchoolAdminNotice } from './head-school-admin-notice.tsx';
import { studentFormText } from './messages.ts';
import { formPageDraft, formPageDraftName } from './new-student-drafts.ts';
import { StudentForm } from './student-form.tsx';
import { emptyStudentValues, namesFromSearch, type StudentFormValues } from './student-form-values.ts';
import { useNewStudentSave } from './use-new-student-save.ts';

/** The courses, then the seminars, that the school offers (priority courses first, as the server sends them). */
export function courseOrSeminarData(series: readonly SeriesOption[] | undefined) {
  const item = (option: SeriesOption) => ({ value: String(option.id), label: option.name });
  const courses = (series ?? []).filter((option) => option.type === 'Course').map(item);
  const seminars = (series ?? []).filter((option) => option.type === 'Seminar').map(item);
  return [
    ...(courses.length > 0 ? [{ group: studentFormText.t('courses'), items: courses }] : []),
    ...(seminars.length > 0 ? [{ group: studentFormText.t('seminars'), items: seminars }] : []),
  ];
}

type Props = { schoolId: number; searchName: string | null };

/**
 * /students/new?school_id= (SPEC section 2, manual flow): the new-student form for one school.
 * The student is created with the school's head school admin as instructor, then enrolled in
 * the course or seminar when one is chosen.
 *
 * What is typed is kept in this tab's draft (lib/drafts.ts) until it is saved or cancelled: a
 * reload, or Back after a look at another page, finds the form as it was left. Once saved, the
 * new student takes the form's place in the history, so Back never comes back to it filled in.
 */
export function NewStudentForm({ schoolId, searchName }: Props) {
  const navigate = useNavigate();
  const t = studentFormText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const school = useQuery(schoolQuery(schoolId));
  const series = useQuery(seriesOptionsQuery({ schoolId }));
  const draft = useDraft(formPageDraftName, formPageDraft);
  const { keep, drop } = draft;
  // The draft is this form's when it was typed for the same school and the same search.
  const kept = draft.kept?.schoolId === schoolId && draft.kept.searchName === searchName ? draft.kept : null;
  const [seriesId, setSeriesId] = useState<string | null>(kept?.seriesId ?? null);
  const [notify, setNotify] = useState(kept?.notify ?? true);
  const [defaults] = useState(() => kept?.values ?? { ...emptyStudentValues(), ...namesFromSearch(searchName) });
  const typed = useRef<StudentFormValues | null>(kept?.values ?? null);
  const { save, runKey } = useNewStudentSave(kept?.requestKey);

  useEffect(() => {
    keep({ schoolId, searchName, seriesId, notify, values: typed.current, requestKey: runKey() });
  }, [keep, schoolId, searchName, seriesId, notify, runKey]);

  if (school.isError) return <ErrorPanel message={school.error.message} backTo={{ label: t('backToStudents'), to: '/students' }} />;
  if (!school.data) return <Loader aria-label={t('loading')} />;
  const headSchoolAdminId = school.data.head_school_admin ? school.data.head_school_admin_id : null;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('school')}
        </Text>
        <Text fw={500}>{schoolLabel(school.data)}</Text>
        <Text size="sm" c="dimmed">
          {[school.data.school_city, school.data.school_state, school.data.school_zip_code].filter(Boolean).join(', ')}
        </Text>
      </Paper>
      {headSchoolAdminId === null && <HeadSchoolAdminNotice schoolId={schoolId} />}
      <StudentForm
        defaultValues={defaults}
        submitLabel={t('createStudent')}
        submitDisabled={headSchoolAdminId === null}
        checkDuplicates
        backLabel={c('cancel')}
        onBack={() => {
          drop();
          navigate('/students');
        }}
        onValuesChange={(values) => {
          typed.current = values;
          keep({ values });
        }}
        onSubmit={async (fields) => {
          if (headSchoolAdminId === null) return;
          const { student } = await save({
            fields,
            schoolId,
            instructorId: headSchoolAdminId,
            seriesId: seriesId === null ? null : Number(seriesId),
            notifyInstructor: notify,
          });
          drop();
          showSuccess(sharedText(messages.studentCreated));
          navigate(studentPath(student.id), { replace: true });
        }}
      >
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('courseOrSeminar')}
            placeholder={series.isPending ? shared(messages.loading) : c('none')}
            data={courseOrSeminarData(series.data?.series)}
            value={seriesId}
            onChange={setSeriesId}
            searchable
            clearable
            limit={200}
            nothingFoundMessage={t('noCoursesOrSeminars')}
            miw={240}
          />
        </Group>
        <Checkbox
          label={t('notifyInstructor')}
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
      </StudentForm>
    </Stack>
  );
}
