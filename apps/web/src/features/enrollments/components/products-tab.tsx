import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, ProductDelivery } from '@srs/shared/enrollments';
import type { Column } from '../../../components/data-table.tsx';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { deliveryTypeLabel, priceLabel } from './enrollment-format.ts';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RecordsTab } from './tab-toolbar.tsx';

const columns: readonly Column<ProductDelivery>[] = [
  { key: 'date', header: 'DATE', render: (p) => formatDate(p.delivered_at) },
  { key: 'product', header: 'PRODUCT', render: (p) => p.product_name },
  { key: 'quantity', header: 'QUANTITY', render: (p) => p.quantity },
  { key: 'price', header: 'PRICE', render: (p) => priceLabel(p.price) },
  { key: 'delivery', header: 'DELIVERY', render: (p) => deliveryTypeLabel(p.delivery_type) },
  { key: 'visitor', header: 'VISITOR', render: (p) => p.visitor_name || '-' },
];

/** The products delivered for this enrollment, newest first. */
export function ProductsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const actions: Column<ProductDelivery> = {
    key: 'actions',
    header: 'ACTIONS',
    render: (p) => (
      <RemoveRecordButton
        enrollmentId={enrollment.id}
        attribute="product_deliveries_attributes"
        recordId={p.id}
        title={`Remove ${p.product_name} of ${formatDate(p.delivered_at)}`}
      >
        The delivery of {p.quantity} × {p.product_name} on {formatDate(p.delivered_at)} is removed from this
        enrollment. The history of the change is kept.
      </RemoveRecordButton>
    ),
  };
  return (
    <RecordsTab
      title="Products"
      buttons={<RecordFormButton target={enrollmentTarget(enrollment, 'product')}>Send a product</RecordFormButton>}
      columns={columns}
      actions={actions}
      rows={enrollment.product_deliveries}
      rowKey={(p) => p.id}
      emptyMessage="No products delivered."
      minWidth={480}
    />
  );
}
