import { SchoolCourses } from '../features/schools/components/school-courses.tsx';
import { useOutletSchool } from '../features/schools/school-outlet.ts';

export function Component() {
  return <SchoolCourses school={useOutletSchool()} />;
}
