import { useQuery } from '@tanstack/react-query';
import { studentProductsQuery } from '../features/students/api.ts';
import { StudentProductsTable } from '../features/students/components/student-products-table.tsx';
import { useOutletStudent } from '../features/students/student-outlet.ts';

export function Component() {
  const student = useOutletStudent();
  const products = useQuery(studentProductsQuery(student.id));
  return (
    <StudentProductsTable
      student={student}
      products={products.data?.product_deliveries}
      loading={products.isPending}
    />
  );
}
