import { describe, expect, it } from 'vitest';
import { can, quickCreateMenu, type Role, type RoleType } from '../src/roles.ts';

const role = (role_type: RoleType): Role => ({
  id: 1,
  role_type,
  organization_type: null,
  organization_id: null,
  organization_name: null,
});
const user = (...types: RoleType[]) => ({ admin: false, roles: types.map(role) });
const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('can (SPEC section 6)', () => {
  it('passes for the admin flag whatever the roles', () => {
    expect(can({ admin: true, roles: [] }, ['school_admin'])).toBe(true);
  });
  it('passes when any role is in the allowed list', () => {
    expect(can(user('instructor', 'school_admin'), ['school_admin'])).toBe(true);
    expect(can(user('instructor'), ['school_admin', 'conference_admin'])).toBe(false);
  });
  it('is false without a user (no token)', () => {
    expect(can(null, ['instructor'])).toBe(false);
    expect(can(undefined, ['instructor'])).toBe(false);
  });
});

describe('quick-create menu (four entries)', () => {
  const allowed = (u: ReturnType<typeof user>) => labels(quickCreateMenu.filter((item) => can(u, item.roles)));
  it('has four entries with their role rules', () => {
    expect(labels([...quickCreateMenu])).toEqual(['Student', 'Instructor', 'School', 'Seminar']);
    expect(allowed(user('school_admin'))).toEqual(['Student', 'Instructor', 'Seminar']);
    expect(allowed(user('conference_admin'))).toEqual(['Student', 'Instructor']);
    expect(allowed(user('global_admin'))).toEqual(['School', 'Seminar']);
    expect(allowed(user('instructor'))).toEqual([]);
  });
});
