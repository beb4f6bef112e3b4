import { formatDate } from '@srs/shared/dates';
import type { Student } from '@srs/shared/students';
import { fullName, mailingOptionLabels, schoolLabel } from '../format.ts';
import { FieldList } from './field-list.tsx';

/** Every field of the student, read-only (SPEC section 3). */
export function StudentProfile({ student }: { student: Student }) {
  return (
    <FieldList
      fields={[
        { label: 'First name', value: student.first_name },
        { label: 'Middle name', value: student.middle_name },
        { label: 'Last name', value: student.last_name },
        { label: 'Email', value: student.email },
        { label: 'Phone', value: student.phone },
        { label: 'Social media', value: student.social_media },
        { label: 'Address', value: student.address },
        { label: 'Address 2', value: student.address_2 },
        { label: 'City', value: student.city },
        { label: 'State', value: student.state },
        { label: 'Zip code', value: student.zip_code },
        { label: 'Country', value: student.country },
        { label: 'Include in mailing list', value: mailingOptionLabels[student.include_in_mailing_list] },
        { label: 'Instructor', value: fullName(student.instructor) },
        { label: 'School', value: schoolLabel(student.school) },
        { label: 'Created', value: formatDate(student.created_at) },
      ]}
    />
  );
}
