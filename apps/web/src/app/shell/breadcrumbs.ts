export type Crumb = { label: string; to?: string };

/** The title of each top-level section, shared by the breadcrumbs and the mobile menu. */
export const sectionLabels: Record<string, string> = {
  students: 'Students',
  instructors: 'Instructors',
  courses: 'Courses',
  seminars: 'Seminars',
  schools: 'Schools',
  interests: 'Interest Tracking',
  reports: 'Reports',
  account: 'Account',
  versions: 'Versions',
};

const recordLabels: Record<string, string> = {
  students: 'Student',
  instructors: 'Instructor',
  courses: 'Course',
  seminars: 'Seminar',
  schools: 'School',
  versions: 'Version',
  enrollments: 'Enrollment',
};

const wordLabels: Record<string, string> = {
  new: 'New',
  'my-account': 'My Account',
  'api-keys': 'API Keys',
  'print-tickets': 'Print Tickets',
};

function wordLabel(segment: string): string {
  return wordLabels[segment] ?? segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, ' ');
}

/** The mobile breadcrumbs of a path: Dashboard › Students › Student #12 › Courses. */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/' }];
  let path = '';
  segments.forEach((segment, index) => {
    path += `/${segment}`;
    const previous = segments[index - 1] ?? '';
    if (segment === 'enrollments') return;
    if (/^\d+$/.test(segment)) {
      crumbs.push({ label: `${recordLabels[previous] ?? 'Record'} #${segment}`, to: path });
    } else if (index === 0) {
      const label = sectionLabels[segment] ?? wordLabel(segment);
      // /account has no page of its own.
      crumbs.push(segment === 'account' ? { label } : { label, to: path });
    } else {
      crumbs.push({ label: wordLabel(segment), to: path });
    }
  });
  const last = crumbs.at(-1);
  if (last) delete last.to;
  return crumbs;
}
