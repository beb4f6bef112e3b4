import type { TokenUser } from '@srs/shared/roles';
import { describe, expect, it } from 'vitest';
import { canSeeApiKeys } from '../src/app/shell/account-links.ts';
import { mobileMenuLevels } from '../src/app/shell/mobile-menu-levels.ts';
import { openRecord, quickAddTarget, quickCreateTarget } from '../src/app/shell/quick-add-targets.ts';
import { mainNavigation } from '../src/lib/site-map/navigation.ts';
import { trailOf } from '../src/lib/site-map/trail.ts';
import { pageMatchAt } from './site-map-support.tsx';

const menuAt = (path: string, menuOptions = options) => mobileMenuLevels(pageMatchAt(path), menuOptions);
const breadcrumbsFor = (path: string) => trailOf(pageMatchAt(path));

const options = {
  navigation: mainNavigation,
  trainingUrl: 'https://training.test',
  userName: 'Ida Instructor',
  apiKeys: false,
};

describe('mobile menu levels (SPEC section 2)', () => {
  it('opens on the main navigation on the dashboard', () => {
    const { levels, start } = menuAt('/');
    expect(levels).toHaveLength(1);
    expect(start).toBe(0);
    expect(levels[0]?.links.find((link) => link.label === 'Training')).toEqual({
      label: 'Training',
      to: 'https://training.test',
      external: true,
    });
  });

  it('offers the user menu on its first level: My Account, Settings, then Change Password as an action', () => {
    const { levels } = menuAt('/students/12/profile');
    expect(levels[0]?.account).toEqual([
      { label: 'My Account', to: '/account/my-account' },
      { label: 'Settings', to: '/account/settings' },
      { label: 'Change Password', action: 'change-password' },
    ]);
    // Only the first level: the others are the section's and the record's own pages.
    expect(levels.slice(1).every((level) => level.account === undefined)).toBe(true);
    const withKeys = menuAt('/', { ...options, apiKeys: true }).levels[0]?.account;
    expect(withKeys?.map((entry) => entry.label)).toEqual(['My Account', 'Settings', 'API Keys', 'Change Password']);
    expect(withKeys?.[2]).toEqual({ label: 'API Keys', to: '/account/settings/api-keys' });
  });

  it('offers API Keys by the user menu rule: global admins, with interest tracking on', () => {
    const user = (role_type: 'global_admin' | 'school_admin'): TokenUser => ({
      id: 1,
      first_name: 'Ann',
      last_name: 'Admin',
      email: 'ann@demo.test',
      admin: false,
      roles: [{ id: 1, role_type, organization_type: null, organization_id: null, organization_name: null }],
    });
    expect(canSeeApiKeys(user('global_admin'), true)).toBe(true);
    expect(canSeeApiKeys(user('global_admin'), false)).toBe(false);
    expect(canSeeApiKeys(user('school_admin'), true)).toBe(false);
  });

  it("opens on the section's links in a section", () => {
    const { levels, start } = menuAt('/students');
    expect(start).toBe(1);
    expect(levels[1]?.title).toBe('Students');
  });

  it("opens on the record's tabs on a record (three levels at most)", () => {
    const { levels, start } = menuAt('/students/12/courses');
    expect(levels).toHaveLength(3);
    expect(start).toBe(2);
    expect(levels[2]?.links.map((link) => link.to)).toContain('/students/12/profile');
  });

  it('shows an enrollment with its own tabs', () => {
    const { levels } = menuAt('/students/12/courses/enrollments/5/lessons');
    expect(levels[2]?.title).toBe('Course enrollment');
    expect(levels[2]?.links.map((link) => link.label)).toEqual([
      'Management',
      'Lessons',
      'Decisions',
      'Questions',
      'Products',
      'Reminders',
      'Visits',
    ]);
  });
});

describe('mobile breadcrumbs', () => {
  it('name each step, the last one unlinked', () => {
    expect(breadcrumbsFor('/students/12/courses')).toEqual([
      { label: 'Dashboard', to: '/' },
      { label: 'Students', to: '/students' },
      { label: 'Student #12', to: '/students/12' },
      { label: 'Courses' },
    ]);
    expect(breadcrumbsFor('/')).toEqual([{ label: 'Dashboard' }]);
    expect(breadcrumbsFor('/account/settings/api-keys').map((c) => c.label)).toEqual([
      'Dashboard',
      'Account',
      'Settings',
      'API Keys',
    ]);
  });
});

describe('quick add', () => {
  it('preselects the open student', () => {
    expect(openRecord(pageMatchAt('/students/12/profile')).studentId).toBe(12);
    expect(openRecord(pageMatchAt('/students')).studentId).toBeNull();
    expect(quickAddTarget('lesson', { studentId: 12, enrollmentId: null })).toEqual({
      kind: 'record',
      target: { kind: 'lesson', studentId: 12, enrollmentId: null },
    });
    expect(quickAddTarget('note', { studentId: null, enrollmentId: null })).toEqual({
      kind: 'record',
      target: { kind: 'note', studentId: null, enrollmentId: null },
    });
    expect(quickAddTarget('new_student', { studentId: null, enrollmentId: null })).toEqual({ kind: 'new-student' });
  });

  it('the quick-create menu', () => {
    expect(quickCreateTarget('student')).toEqual({ kind: 'new-student' });
    expect(quickCreateTarget('instructor')).toEqual({ kind: 'navigate', to: '/instructors/new' });
    expect(quickCreateTarget('school')).toEqual({ kind: 'navigate', to: '/schools/new' });
    expect(quickCreateTarget('seminar')).toEqual({ kind: 'select-school' });
  });
});
