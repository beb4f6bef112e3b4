import { PageHeader } from '../components/page-header.tsx';
import { StudentImportPage } from '../features/student-import/components/student-import-page.tsx';
import { studentImportText } from '../features/student-import/messages.ts';

/** /students/import: students and their courses from a spreadsheet (issue 27), for admins. */
export function Component() {
  const t = studentImportText.useT();
  return (
    <>
      <PageHeader title={t('title')} />
      <StudentImportPage />
    </>
  );
}
