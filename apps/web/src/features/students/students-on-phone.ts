import type { StudentDetail, StudentListResponse } from '@srs/shared/students';
import type { QueryClient } from '@tanstack/react-query';
import type { QueryParams } from '../../lib/http.ts';
import { studentKeys } from '../../lib/query-keys.ts';
import { getSessionUser } from '../../lib/session.ts';

/**
 * The student list without a signal (issue 30): found among the students kept on the phone (an
 * instructor's own and shared students, copied while online; what an admin opened), filtered and
 * ordered as the server would: every word in the name (or a registration number), the section and
 * the list's filters, in name order. A page of the list; the count is of what the phone has.
 */

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

function wordsOf(query: QueryParams): string[] {
  const value = query.full_name_i_cont_all;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.flatMap((text) => String(text).split(/\s+/)).filter(Boolean).map(plain);
}

function keptStudents(client: QueryClient): StudentDetail[] {
  const detailKey = studentKeys.detail(0).slice(0, 2);
  return client
    .getQueriesData<StudentDetail>({ queryKey: detailKey })
    .filter(([key, data]) => key.length === 3 && data && typeof data === 'object' && 'course_enrollments' in data)
    .map(([, data]) => data as StudentDetail);
}

function matches(student: StudentDetail, query: QueryParams, words: string[], userId: number | null): boolean {
  const name = plain([student.first_name, student.middle_name, student.last_name].filter(Boolean).join(' '));
  const enrollments = [...student.course_enrollments, ...student.seminar_enrollments];
  const numbers = new Set(enrollments.map((enrollment) => enrollment.registration_number));
  if (!words.every((word) => name.includes(word) || numbers.has(word))) return false;
  if (query.section === 'mine' && student.instructor?.id !== userId) return false;
  if (query.section === 'shared' && student.instructor?.id === userId) return false;
  const number = query.enrollments_registration_number_eq;
  if (number && !numbers.has(String(number))) return false;
  if (query.enrollments_needing_followup_eq === 'true' && !enrollments.some((enrollment) => enrollment.followup_reason !== null)) return false;
  const series = query.enrollments_series_id_eq;
  if (series && !enrollments.some((enrollment) => String(enrollment.series_id) === String(series))) return false;
  const type = query.enrollments_series_type_eq;
  if (type && !enrollments.some((enrollment) => enrollment.series_type === type && !enrollment.orphaned)) return false;
  if (query.school_id_eq && String(student.school.id) !== String(query.school_id_eq)) return false;
  if (query.instructor_id_eq && String(student.instructor?.id) !== String(query.instructor_id_eq)) return false;
  return true;
}

const byName = (a: StudentDetail, b: StudentDetail) =>
  plain(`${a.last_name} ${a.first_name}`).localeCompare(plain(`${b.last_name} ${b.first_name}`)) || a.id - b.id;

/** The list's answer from what the phone keeps. */
export function studentsOnPhone(client: QueryClient, query: QueryParams): StudentListResponse {
  const words = wordsOf(query);
  const userId = getSessionUser()?.id ?? null;
  const found = keptStudents(client)
    .filter((student) => matches(student, query, words, userId))
    .sort(byName);
  if (query.orderBy === 'desc') found.reverse();
  const perPage = Number(query.per_page ?? 25) || 25;
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  const students = found.slice((page - 1) * perPage, page * perPage).map(({ permissions: _permissions, ...student }) => student);
  return {
    students,
    pagination: {
      page,
      per_page: perPage,
      total_count: found.length,
      total_pages: Math.max(1, Math.ceil(found.length / perPage)),
      total_capped: false,
      next_cursor: null,
      prev_cursor: null,
    },
  };
}
