import { deliveryTypeLabels, type SeriesType } from '@srs/shared/enrollments';
import type { Student, StudentProduct } from '@srs/shared/students';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { formatDate, formatMoney } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { studentPageText } from '../messages.ts';
import { SeriesLink } from './series-link.tsx';

/** '$12.50'; a price the server could not give as a number shows as it came. */
export function formatPrice(price: string): string {
  const value = Number(price);
  return price.trim() !== '' && Number.isFinite(value) ? formatMoney(value) : price;
}

type Props = { student: Student; products: readonly StudentProduct[] | undefined; loading: boolean };

/** The products tab of a student: every product delivered through any of their enrollments. */
export function StudentProductsTable({ student, products, loading }: Props) {
  const t = studentPageText.useT();
  const shared = useSharedText();
  // A product delivery names its enrollment but not the series type the link needs.
  const seriesTypes = new Map<number, SeriesType>(
    [...student.course_enrollments, ...student.seminar_enrollments].map((e) => [e.id, e.series_type]),
  );
  const columns: Column<StudentProduct>[] = [
    { key: 'date', header: t('dateHeader'), render: (p) => formatDate(p.delivered_at) },
    { key: 'product', header: t('productHeader'), render: (p) => p.product_name },
    {
      key: 'series',
      header: t('seriesHeader'),
      render: (p) => (
        <SeriesLink
          studentId={student.id}
          enrollmentId={p.enrollment_id}
          seriesType={seriesTypes.get(p.enrollment_id) ?? null}
          name={p.series_name}
        />
      ),
    },
    { key: 'quantity', header: t('quantityHeader'), render: (p) => p.quantity },
    { key: 'price', header: t('priceHeader'), render: (p) => formatPrice(p.price) },
    {
      key: 'delivery',
      header: t('deliveryHeader'),
      render: (p) => (p.delivery_type ? shared(deliveryTypeLabels[p.delivery_type]) : '-'),
    },
    { key: 'visitor', header: t('visitorHeader'), render: (p) => p.visitor_name || '-' },
  ];
  return (
    <DataTable
      label={t('products')}
      columns={columns}
      rows={products}
      rowKey={(p) => p.id}
      emptyMessage={t('noProducts')}
      loading={loading}
      minWidth={760}
      nowrap
    />
  );
}
