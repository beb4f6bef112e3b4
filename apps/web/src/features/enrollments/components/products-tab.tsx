import type { EnrollmentDetail, ProductDelivery } from '@srs/shared/enrollments';
import type { Column } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { type ProductsT, productsText } from '../products-text.ts';
import { deliveryTypeLabel, priceLabel } from './enrollment-format.ts';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RecordsTab } from './tab-toolbar.tsx';

const columnsOf = (t: ProductsT): readonly Column<ProductDelivery>[] => [
  { key: 'date', header: t('columnDate'), render: (p) => formatDate(p.delivered_at) },
  { key: 'product', header: t('columnProduct'), render: (p) => p.product_name },
  { key: 'quantity', header: t('columnQuantity'), render: (p) => p.quantity },
  { key: 'price', header: t('columnPrice'), render: (p) => priceLabel(p.price) },
  { key: 'delivery', header: t('columnDelivery'), render: (p) => deliveryTypeLabel(p.delivery_type) },
  { key: 'visitor', header: t('columnVisitor'), render: (p) => p.visitor_name || '-' },
];

/** The products delivered for this enrollment, newest first. */
export function ProductsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = productsText.useT();
  const actions: Column<ProductDelivery> = {
    key: 'actions',
    header: t('columnActions'),
    render: (p) => (
      <RemoveRecordButton
        enrollmentId={enrollment.id}
        attribute="product_deliveries_attributes"
        recordId={p.id}
        title={t('removeNamed', { product: p.product_name, date: formatDate(p.delivered_at) })}
      >
        {t('removeBody', { quantity: p.quantity, product: p.product_name, date: formatDate(p.delivered_at) })}
      </RemoveRecordButton>
    ),
  };
  return (
    <RecordsTab
      title={t('title')}
      buttons={<RecordFormButton target={enrollmentTarget(enrollment, 'product')}>{t('sendProduct')}</RecordFormButton>}
      columns={columnsOf(t)}
      actions={actions}
      rows={enrollment.product_deliveries}
      rowKey={(p) => p.id}
      emptyMessage={t('noProducts')}
      minWidth={480}
    />
  );
}
