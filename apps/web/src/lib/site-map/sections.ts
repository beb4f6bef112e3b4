import { pages } from './pages.ts';
import type { SectionKey } from './types.ts';
import { type SiteMapKey, siteMapText } from './words.ts';

export type SectionLink = { label: string; to: string };

type SectionSpec = { labelKey: SiteMapKey; links: readonly { labelKey: SiteMapKey; to: string }[] };

/**
 * The second level of the mobile menu (SPEC section 2): a section's title and the links into it.
 * A page names its section in the site map; the menu opens there, or on the page's tabs.
 */
const sectionSpecs: Readonly<Record<SectionKey, SectionSpec>> = {
  students: {
    labelKey: 'students',
    links: [
      { labelKey: 'allStudents', to: `${pages.students.path}?section=all` },
      { labelKey: 'myStudents', to: `${pages.students.path}?section=mine` },
      { labelKey: 'sharedWithMe', to: `${pages.students.path}?section=shared` },
      { labelKey: 'needingFollowup', to: `${pages.students.path}?enrollments_needing_followup_eq=true` },
    ],
  },
  instructors: { labelKey: 'instructors', links: [{ labelKey: 'allInstructors', to: pages.instructors.path }] },
  courses: { labelKey: 'courses', links: [{ labelKey: 'allCourses', to: pages.courses.path }] },
  seminars: { labelKey: 'seminars', links: [{ labelKey: 'allSeminars', to: pages.seminars.path }] },
  schools: { labelKey: 'schools', links: [{ labelKey: 'allSchools', to: pages.schools.path }] },
  interests: {
    labelKey: 'interests',
    links: [
      { labelKey: 'interestsLink', to: pages.interests.path },
      { labelKey: 'crumbAssignments', to: pages['interest-assignments'].path },
      { labelKey: 'crumbTracking', to: pages['interest-tracking'].path },
    ],
  },
  reports: { labelKey: 'reports', links: [{ labelKey: 'reports', to: pages.reports.path }] },
  account: {
    labelKey: 'account',
    links: [
      { labelKey: 'myAccount', to: pages['my-account'].path },
      { labelKey: 'settings', to: pages.settings.path },
    ],
  },
  versions: { labelKey: 'versions', links: [{ labelKey: 'versions', to: pages.versions.path }] },
};

/** A section's title and links, in the language of the moment. */
export function sectionOf(key: SectionKey): { label: string; links: SectionLink[] } {
  const spec = sectionSpecs[key];
  return {
    label: siteMapText.t(spec.labelKey),
    links: spec.links.map((link) => ({ label: siteMapText.t(link.labelKey), to: link.to })),
  };
}
