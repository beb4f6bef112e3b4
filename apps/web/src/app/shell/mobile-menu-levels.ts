import { accountLinks } from './account-links.ts';
import { sectionLabels } from './breadcrumbs.ts';
import type { NavItem } from '@srs/shared/roles';
import {
  courseEnrollmentTabs,
  courseTabs,
  instructorTabs,
  schoolTabs,
  seminarEnrollmentTabs,
  seminarTabs,
  studentTabs,
  type Tab,
} from '../../lib/sections.ts';

export type MenuLink = { label: string; to: string; external?: boolean };
/** An entry that does something instead of opening a page: Change Password fetches a reset link. */
export type MenuAction = { label: string; action: 'change-password' };
export type MenuEntry = MenuLink | MenuAction;
/**
 * One level of the mobile menu: a title, a subtitle and links (SPEC section 2); the first level
 * also carries the user menu's entries, which a phone has no other way to reach.
 */
export type MenuLevel = { title: string; subtitle: string; links: MenuLink[]; account?: MenuEntry[] };

type Options = {
  navigation: readonly NavItem[];
  trainingUrl: string;
  userName: string;
  /** The user menu's API Keys rule (account-links.ts). */
  apiKeys: boolean;
};

const sectionLinks: Record<string, MenuLink[]> = {
  students: [
    { label: 'All students', to: '/students?section=all' },
    { label: 'My students', to: '/students?section=mine' },
    { label: 'Shared with me', to: '/students?section=shared' },
    { label: 'Needing follow-up', to: '/students?enrollments_needing_followup_eq=true' },
  ],
  instructors: [{ label: 'All instructors', to: '/instructors' }],
  courses: [{ label: 'All courses', to: '/courses' }],
  seminars: [{ label: 'All seminars', to: '/seminars' }],
  schools: [{ label: 'All schools', to: '/schools' }],
  interests: [
    { label: 'Interests', to: '/interests' },
    { label: 'Assignments', to: '/interests/assignments' },
    { label: 'Tracking', to: '/interests/tracking' },
  ],
  reports: [{ label: 'Reports', to: '/reports' }],
  account: [
    { label: 'My Account', to: '/account/my-account' },
    { label: 'Settings', to: '/account/settings' },
  ],
  versions: [{ label: 'Versions', to: '/versions' }],
};

const recordTabs: Record<string, { title: string; tabs: readonly Tab[] }> = {
  students: { title: 'Student', tabs: studentTabs },
  instructors: { title: 'Instructor', tabs: instructorTabs },
  courses: { title: 'Course', tabs: courseTabs },
  seminars: { title: 'Seminar', tabs: seminarTabs },
  schools: { title: 'School', tabs: schoolTabs },
};

function recordLevel(segments: string[]): MenuLevel | null {
  const [section = '', id, kind, enrollments, enrollmentId] = segments;
  if (!id || !/^\d+$/.test(id)) return null;
  if (section === 'students' && enrollments === 'enrollments' && enrollmentId && /^\d+$/.test(enrollmentId)) {
    const course = kind === 'courses';
    const base = `/students/${id}/${kind}/enrollments/${enrollmentId}`;
    return {
      title: course ? 'Course enrollment' : 'Seminar enrollment',
      subtitle: `Enrollment #${enrollmentId}`,
      links: (course ? courseEnrollmentTabs : seminarEnrollmentTabs).map((t) => ({
        label: t.label,
        to: `${base}/${t.value}`,
      })),
    };
  }
  const record = recordTabs[section];
  if (!record) return null;
  return {
    title: record.title,
    subtitle: `${record.title} #${id}`,
    links: record.tabs.map((t) => ({ label: t.label, to: `/${section}/${id}/${t.value}` })),
  };
}

/**
 * The levels of the mobile menu for a path, and the level it opens on: the record's tabs on a
 * record, the section's links in a section, the main navigation elsewhere.
 */
export function mobileMenuLevels(pathname: string, options: Options): { levels: MenuLevel[]; start: number } {
  const segments = pathname.split('/').filter(Boolean);
  const main: MenuLevel = {
    title: 'Menu',
    subtitle: options.userName,
    links: options.navigation.map((item) =>
      item.external
        ? { label: item.label, to: options.trainingUrl, external: true }
        : { label: item.label, to: item.to },
    ),
    account: [...accountLinks(options.apiKeys), { label: 'Change Password', action: 'change-password' }],
  };
  const section = segments[0] ?? '';
  const links = sectionLinks[section];
  if (!links) return { levels: [main], start: 0 };
  const levels = [main, { title: sectionLabels[section] ?? section, subtitle: 'Section', links }];
  const record = recordLevel(segments);
  if (record) levels.push(record);
  return { levels, start: levels.length - 1 };
}
