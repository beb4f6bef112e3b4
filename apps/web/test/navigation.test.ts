import { mainNavigation } from '@srs/shared/roles';
import { describe, expect, it } from 'vitest';
import { breadcrumbsFor } from '../src/app/shell/breadcrumbs.ts';
import { mobileMenuLevels } from '../src/app/shell/mobile-menu-levels.ts';
import { openStudentId, quickAddTarget, quickCreateTarget } from '../src/app/shell/quick-add-targets.ts';

const options = { navigation: mainNavigation, trainingUrl: 'https://training.test', userName: 'Ida Instructor' };

describe('mobile menu levels (SPEC section 2)', () => {
  it('opens on the main navigation on the dashboard', () => {
    const { levels, start } = mobileMenuLevels('/', options);
    expect(levels).toHaveLength(1);
    expect(start).toBe(0);
    expect(levels[0]?.links.find((link) => link.label === 'Training')).toEqual({
      label: 'Training',
      to: 'https://training.test',
      external: true,
    });
  });

  it("opens on the section's links in a section", () => {
    const { levels, start } = mobileMenuLevels('/students', options);
    expect(start).toBe(1);
    expect(levels[1]?.title).toBe('Students');
  });

  it("opens on the record's tabs on a record (three levels at most)", () => {
    const { levels, start } = mobileMenuLevels('/students/12/courses', options);
    expect(levels).toHaveLength(3);
    expect(start).toBe(2);
    expect(levels[2]?.links.map((link) => link.to)).toContain('/students/12/profile');
  });

  it('shows an enrollment with its own tabs', () => {
    const { levels } = mobileMenuLevels('/students/12/courses/enrollments/5/lessons', options);
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
    expect(openStudentId('/students/12/profile')).toBe(12);
    expect(openStudentId('/students')).toBeNull();
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
