import { studentEndpoints } from '@srs/shared/endpoints/students';
import type { StudentMergeInput } from '@srs/shared/student-merge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';

/** POST /students/merge: every list and page of students, enrollments and changes is out of date afterwards. */
export function useMergeStudents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentMergeInput) => call(studentEndpoints.merge, { body }),
    onSuccess: () => client.invalidateQueries(),
  });
}
