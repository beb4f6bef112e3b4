import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { todayIso } from '../../../lib/dates.ts';
import { productOffersQuery } from '../../../lib/lookups/series.ts';
import { priceLabel } from '../components/enrollment-format.ts';
import { productsText } from '../products-text.ts';
import {
  chosenEnrollment,
  initialEnrollment,
  type RecordFormBodyProps,
  useOfferedEnrollments,
} from './form-context.ts';
import { DateField, DeliveryTypeField, RecordFormFrame, SelectField, SeriesField } from './form-fields.tsx';
import { type ProductOutput, type ProductValues, productSchema } from './form-schemas.ts';
import { productBody } from './record-bodies.ts';
import { useRecordSave } from './use-record-save.ts';

/**
 * Send a product: series and product offer required; delivered today and one item unless
 * changed; a blank price is the offer's default price (SPEC section 5).
 */
export function ProductForm(props: RecordFormBodyProps) {
  const t = productsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const enrollments = useOfferedEnrollments(props.student, null);
  const form = useForm<ProductValues, unknown, ProductOutput>({
    resolver: zodResolver(productSchema),
    defaultValues: {
      enrollment_id: initialEnrollment(props, enrollments),
      product_id: null,
      delivered_at: todayIso(),
      quantity: 1,
      price: '',
      visitor_name: '',
      delivery_type: null,
    },
  });
  const [enrollmentId, productId] = useWatch({ control: form.control, name: ['enrollment_id', 'product_id'] });
  const enrollment = chosenEnrollment(enrollments, enrollmentId);
  const offers = useQuery({ ...productOffersQuery(enrollment?.series_id ?? 0), enabled: enrollment !== null });
  const offer = offers.data?.products.find((product) => String(product.id) === productId);
  const { save, saving } = useRecordSave(messages.updated, props.onDone);

  return (
    <RecordFormFrame
      onSubmit={form.handleSubmit((values) => save(Number(values.enrollment_id), productBody(values)))}
      saving={saving}
    >
      <SeriesField
        control={form.control}
        enrollments={enrollments}
        onValueChange={() => form.setValue('product_id', null)}
      />
      <SelectField
        control={form.control}
        name="product_id"
        label={t('product')}
        required
        searchable
        disabled={enrollment === null}
        placeholder={enrollment !== null && offers.isPending ? shared(messages.loading) : c('select')}
        data={(offers.data?.products ?? []).map((product) => ({
          value: String(product.id),
          label: t('productOption', { name: product.name, price: priceLabel(product.default_price) }),
        }))}
        nothingFoundMessage={t('noOffers')}
      />
      <DateField control={form.control} name="delivered_at" label={t('deliveredDate')} required />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Controller
          control={form.control}
          name="quantity"
          render={({ field, fieldState }) => (
            <NumberInput
              {...field}
              value={field.value as number | string}
              label={t('quantity')}
              withAsterisk
              min={1}
              step={1}
              allowDecimal={false}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="price"
          render={({ field, fieldState }) => (
            <NumberInput
              {...field}
              value={field.value as number | string}
              label={t('price')}
              description={t('priceBlank')}
              placeholder={offer ? Number(offer.default_price).toFixed(2) : undefined}
              leftSection="$"
              min={0}
              step={0.01}
              decimalScale={2}
              allowNegative={false}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="visitor_name"
        render={({ field, fieldState }) => (
          <TextInput {...field} label={t('visitorName')} error={fieldState.error?.message} />
        )}
      />
      <DeliveryTypeField control={form.control} name="delivery_type" />
    </RecordFormFrame>
  );
}
