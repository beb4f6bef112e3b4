/** The tabs of each detail route (SPEC section 2), in the spec's order. */
export type Tab = { value: string; label: string };

const tab = (value: string, label = value.charAt(0).toUpperCase() + value.slice(1)): Tab => ({ value, label });

export const studentTabs: readonly Tab[] = [
  tab('overview'),
  tab('profile'),
  tab('courses'),
  tab('seminars'),
  tab('decisions'),
  tab('products'),
  tab('notes'),
];
export const courseEnrollmentTabs: readonly Tab[] = [
  tab('management'),
  tab('lessons'),
  tab('decisions'),
  tab('questions'),
  tab('products'),
  tab('reminders'),
  tab('visits'),
];
export const seminarEnrollmentTabs: readonly Tab[] = [
  tab('management'),
  tab('presentations'),
  tab('decisions'),
  tab('visits'),
  tab('reminders'),
  tab('products'),
];
export const instructorTabs: readonly Tab[] = [tab('overview'), tab('profile'), tab('students'), tab('courses')];
export const courseTabs: readonly Tab[] = [
  tab('overview'),
  tab('lessons'),
  tab('decisions'),
  tab('products'),
  tab('schools'),
];
export const seminarTabs: readonly Tab[] = [
  tab('details'),
  tab('students'),
  tab('presentations'),
  tab('attendance'),
  tab('decisions'),
  tab('products'),
  tab('print-tickets', 'Print Tickets'),
];
export const schoolTabs: readonly Tab[] = [
  tab('overview'),
  tab('instructors'),
  tab('courses'),
  tab('seminars'),
  tab('students'),
];

export const studentPath = (id: number | string, tabValue = 'overview') => `/students/${id}/${tabValue}`;
export const courseEnrollmentPath = (studentId: number | string, enrollmentId: number | string, tabValue = 'lessons') =>
  `/students/${studentId}/courses/enrollments/${enrollmentId}/${tabValue}`;
export const seminarEnrollmentPath = (
  studentId: number | string,
  enrollmentId: number | string,
  tabValue = 'presentations',
) => `/students/${studentId}/seminars/enrollments/${enrollmentId}/${tabValue}`;

/** SPEC section 2: a course enrollment opens on its lessons tab, a seminar enrollment on its presentations tab. */
export const enrollmentPath = (studentId: number | string, enrollmentId: number | string, type: 'Course' | 'Seminar') =>
  type === 'Course' ? courseEnrollmentPath(studentId, enrollmentId) : seminarEnrollmentPath(studentId, enrollmentId);
