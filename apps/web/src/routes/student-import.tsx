import { PageHeader } from '../components/page-header.tsx';
import { StudentImportPage } from '../features/student-import/components/student-import-page.tsx';

/** /students/import: students and their courses from a spreadsheet (issue 27), for admins. */
export function Component() {
  return (
    <>
      <PageHeader title="Import students" />
      <StudentImportPage />
    </>
  );
}
