import { formatDate } from '@srs/shared/dates';
import { deliveryTypeLabels, type SeriesType } from '@srs/shared/enrollments';
import type { Student, StudentProduct } from '@srs/shared/students';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { SeriesLink } from './series-link.tsx';

export const noProductsMessage = 'No products delivered.';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$12.50'; a price the server could not give as a number shows as it came. */
export function formatPrice(price: string): string {
  const value = Number(price);
  return price.trim() !== '' && Number.isFinite(value) ? dollars.format(value) : price;
}

type Props = { student: Student; products: readonly StudentProduct[] | undefined; loading: boolean };

/** The products tab of a student: every product delivered through any of their enrollments. */
export function StudentProductsTable({ student, products, loading }: Props) {
  // A product delivery names its enrollment but not the series type the link needs.
  const seriesTypes = new Map<number, SeriesType>(
    [...student.course_enrollments, ...student.seminar_enrollments].map((e) => [e.id, e.series_type]),
  );
  const columns: Column<StudentProduct>[] = [
    { key: 'date', header: 'DATE', render: (p) => formatDate(p.delivered_at) },
    { key: 'product', header: 'PRODUCT', render: (p) => p.product_name },
    {
      key: 'series',
      header: 'SERIES',
      render: (p) => (
        <SeriesLink
          studentId={student.id}
          enrollmentId={p.enrollment_id}
          seriesType={seriesTypes.get(p.enrollment_id) ?? null}
          name={p.series_name}
        />
      ),
    },
    { key: 'quantity', header: 'QUANTITY', render: (p) => p.quantity },
    { key: 'price', header: 'PRICE', render: (p) => formatPrice(p.price) },
    {
      key: 'delivery',
      header: 'DELIVERY',
      render: (p) => (p.delivery_type ? deliveryTypeLabels[p.delivery_type] : '-'),
    },
    { key: 'visitor', header: 'VISITOR', render: (p) => p.visitor_name || '-' },
  ];
  return (
    <DataTable
      label="Products"
      columns={columns}
      rows={products}
      rowKey={(p) => p.id}
      emptyMessage={noProductsMessage}
      loading={loading}
      minWidth={760}
      nowrap
    />
  );
}
