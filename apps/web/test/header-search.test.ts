import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerSearchTarget, lookupRegistrationNumber } from '../src/app/shell/header-search.ts';
import { jsonResponse } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

const student = (id: number) => ({ id });

describe('header student search (SPEC section 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the profile when exactly one registration number matches', async () => {
    const lookup = vi.fn().mockResolvedValue({ students: [student(42)] });
    expect(await headerSearchTarget(' 1007 ', lookup)).toBe('/students/42/profile');
    expect(lookup).toHaveBeenCalledWith('1007');
  });

  it('opens the list when none or several match', async () => {
    expect(await headerSearchTarget('1007', vi.fn().mockResolvedValue({ students: [] }))).toBe(
      '/students?studentsQuery=1007',
    );
    expect(await headerSearchTarget('1007', vi.fn().mockResolvedValue({ students: [student(1), student(2)] }))).toBe(
      '/students?studentsQuery=1007',
    );
  });

  it('sends text that is not all digits to the list without a lookup', async () => {
    const lookup = vi.fn();
    expect(await headerSearchTarget('Ann Lee', lookup)).toBe('/students?studentsQuery=Ann+Lee');
    expect(await headerSearchTarget('12a', lookup)).toBe('/students?studentsQuery=12a');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('sends digits longer than any registration number (over 18) straight to the list', async () => {
    const lookup = vi.fn().mockResolvedValue({ students: [] });
    const long = '1234567890123456789';
    expect(await headerSearchTarget(long, lookup)).toBe(`/students?studentsQuery=${long}`);
    expect(lookup).not.toHaveBeenCalled();
    await headerSearchTarget('123456789012345678', lookup);
    expect(lookup).toHaveBeenCalledWith('123456789012345678');
  });

  it('needs some text', async () => {
    expect(await headerSearchTarget('  ', vi.fn())).toBeNull();
  });

  it('falls back to the list when the lookup fails', async () => {
    expect(await headerSearchTarget('5', vi.fn().mockRejectedValue(new Error('x')))).toBe('/students?studentsQuery=5');
  });

  it('asks for 2 results of the registration number', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ students: [], pagination: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await lookupRegistrationNumber('1007');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/students?enrollments_registration_number_eq=1007&per_page=2');
  });
});
