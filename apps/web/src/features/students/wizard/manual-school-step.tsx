import { Button, Group, Stack } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { SchoolSelect } from '../../../components/school-select.tsx';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { onlySchoolOf, schoolOptionsQuery, schoolQuery } from '../../../lib/lookups/schools.ts';
import { HeadSchoolAdminNotice } from '../forms/head-school-admin-notice.tsx';
import { studentWizardText } from './messages.ts';

/** SPEC section 2: the manual path goes straight to the form, carrying the school and the search text. */
export function newStudentFormPath(schoolId: number, searchText: string): string {
  const query = new URLSearchParams({ school_id: String(schoolId), student_search_name: searchText });
  return `/students/new?${query.toString()}`;
}

type Props = {
  /** The school chosen (kept by the wizard, so a reload keeps it too). */
  schoolId: number | null;
  onChange: (schoolId: number | null) => void;
  onBack: () => void;
  /** Create New Student: the wizard goes on to the form with the school. */
  onCreate: (schoolId: number) => void;
};

/**
 * 'Place in School Manually' (SPEC section 5, manual flow): one of the user's schools; its
 * details decide whether it can accept students.
 */
export function ManualSchoolStep({ schoolId: picked, onChange, onBack, onCreate }: Props) {
  // A user with one school has it chosen (here when it cannot take students yet: the notice says why).
  const t = studentWizardText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const schools = useQuery(schoolOptionsQuery);
  const schoolId = picked ?? onlySchoolOf(schools.data?.schools)?.id ?? null;
  const school = useQuery({ ...schoolQuery(schoolId ?? 0), enabled: schoolId !== null });
  const loading = schoolId !== null && school.isPending;
  const accepts = schoolId !== null && school.data?.head_school_admin === true;

  return (
    <Stack gap="md">
      <SchoolSelect
        value={schoolId === null ? null : String(schoolId)}
        onChange={(value) => onChange(value === null ? null : Number(value))}
        comboboxProps={{ withinPortal: true }}
      />
      {schoolId !== null && school.data?.head_school_admin === false && <HeadSchoolAdminNotice schoolId={schoolId} />}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {c('back')}
        </Button>
        <Button disabled={!accepts} onClick={() => schoolId !== null && onCreate(schoolId)}>
          {loading ? shared(messages.loading) : t('createNewStudent')}
        </Button>
      </Group>
    </Stack>
  );
}
