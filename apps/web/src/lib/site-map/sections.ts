import { pages } from './pages.ts';
import type { SectionKey } from './types.ts';

export type SectionLink = { label: string; to: string };

/**
 * The second level of the mobile menu (SPEC section 2): a section's title and the links into it.
 * A page names its section in the site map; the menu opens there, or on the page's tabs.
 */
export const sections: Readonly<Record<SectionKey, { label: string; links: readonly SectionLink[] }>> = {
  students: {
    label: 'Students',
    links: [
      { label: 'All students', to: `${pages.students.path}?section=all` },
      { label: 'My students', to: `${pages.students.path}?section=mine` },
      { label: 'Shared with me', to: `${pages.students.path}?section=shared` },
      { label: 'Needing follow-up', to: `${pages.students.path}?enrollments_needing_followup_eq=true` },
    ],
  },
  instructors: { label: 'Instructors', links: [{ label: 'All instructors', to: pages.instructors.path }] },
  courses: { label: 'Courses', links: [{ label: 'All courses', to: pages.courses.path }] },
  seminars: { label: 'Seminars', links: [{ label: 'All seminars', to: pages.seminars.path }] },
  schools: { label: 'Schools', links: [{ label: 'All schools', to: pages.schools.path }] },
  interests: {
    label: 'Interest Tracking',
    links: [
      { label: 'Interests', to: pages.interests.path },
      { label: 'Assignments', to: pages['interest-assignments'].path },
      { label: 'Tracking', to: pages['interest-tracking'].path },
    ],
  },
  reports: { label: 'Reports', links: [{ label: 'Reports', to: pages.reports.path }] },
  account: {
    label: 'Account',
    links: [
      { label: 'My Account', to: pages['my-account'].path },
      { label: 'Settings', to: pages.settings.path },
    ],
  },
  versions: { label: 'Versions', links: [{ label: 'Versions', to: pages.versions.path }] },
};
