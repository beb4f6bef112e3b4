import type {
  EnrollmentUpdate,
  ProductDeliveryAttributes,
  ReminderAttributes,
  VisitAttributes,
} from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { z } from 'zod';
import { invalid, notFound } from '../../core/errors.ts';
import { productDeliveries, reminders, visits } from '../../db/schema/index.ts';
import { forgetChildren, writeDecisions, writeNotes } from './child-records.ts';
import { writeAttendances, writeDeliveries } from './lesson-records.ts';
import type { RecordContext } from './record-context.ts';

type VisitInput = z.output<typeof VisitAttributes>;
type ReminderInput = z.output<typeof ReminderAttributes>;
type ProductInput = z.output<typeof ProductDeliveryAttributes>;

const required = (field: string) => invalid({ [field]: [messages.fieldRequired] });

/** visits_attributes: the visitor of a new visit is the user recording it. */
async function writeVisits(ctx: RecordContext, items: VisitInput[] = []) {
  for (const item of items) {
    let id = item.id;
    if (id !== undefined) {
      if (!ctx.visits.has(id)) throw notFound('Visit');
      if (item._destroy) {
        await ctx.removeWithChildren(visits, id, 'visit_id');
        ctx.visits.delete(id);
        forgetChildren(ctx, { column: 'visit_id', id });
        continue;
      }
      if (item.date !== undefined) await ctx.update(visits, id, { date: item.date });
    } else {
      if (item._destroy) continue;
      if (item.date === undefined) throw required('date');
      const row = await ctx.insert(visits, {
        enrollmentId: ctx.enrollment.id,
        date: item.date,
        visitorId: ctx.actor.userId,
      });
      id = row.id;
      ctx.visits.add(id);
    }
    const parent = { column: 'visit_id', id } as const;
    await writeDecisions(ctx, parent, item.decisions_attributes);
    await writeNotes(ctx, parent, item.notes_attributes);
  }
}

/** reminders_attributes: a reminder carries notes, never decisions. */
async function writeReminders(ctx: RecordContext, items: ReminderInput[] = []) {
  for (const item of items) {
    let id = item.id;
    if (id !== undefined) {
      if (!ctx.reminders.has(id)) throw notFound('Reminder');
      if (item._destroy) {
        await ctx.removeWithChildren(reminders, id, 'reminder_id');
        ctx.reminders.delete(id);
        forgetChildren(ctx, { column: 'reminder_id', id });
        continue;
      }
      if (item.date !== undefined) await ctx.update(reminders, id, { date: item.date });
    } else {
      if (item._destroy) continue;
      if (item.date === undefined) throw required('date');
      const row = await ctx.insert(reminders, {
        enrollmentId: ctx.enrollment.id,
        date: item.date,
        createdById: ctx.actor.userId,
      });
      id = row.id;
      ctx.reminders.add(id);
    }
    await writeNotes(ctx, { column: 'reminder_id', id }, item.notes_attributes);
  }
}

function offeredProduct(ctx: RecordContext, productId: number) {
  const product = ctx.products.get(productId);
  if (!product?.active) throw invalid({ product_id: ['is not a product of this series'] });
  return product;
}

/** Blank price falls back to the offer's default price (SPEC section 5, Product). */
function priceOf(ctx: RecordContext, productId: number, price: number | null | undefined): string {
  if (price !== null && price !== undefined) return price.toFixed(2);
  return ctx.products.get(productId)?.defaultPrice ?? '0.00';
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** product_deliveries_attributes: product_id is one of the series' product offers. */
async function writeProducts(ctx: RecordContext, items: ProductInput[] = []) {
  for (const item of items) {
    if (item.id !== undefined) {
      const currentProduct = ctx.productDeliveries.get(item.id);
      if (currentProduct === undefined) throw notFound('Product delivery');
      if (item._destroy) {
        await ctx.remove(productDeliveries, item.id);
        ctx.productDeliveries.delete(item.id);
        continue;
      }
      const productId = item.product_id ?? currentProduct;
      if (productId !== currentProduct) offeredProduct(ctx, productId);
      const changes = {
        ...(productId === currentProduct ? {} : { productOfferId: productId }),
        ...(item.delivered_at === undefined ? {} : { deliveredAt: item.delivered_at }),
        ...(item.quantity === undefined ? {} : { quantity: item.quantity }),
        ...(item.price === undefined ? {} : { price: priceOf(ctx, productId, item.price) }),
        ...(item.visitor_name === undefined ? {} : { visitorName: blankToNull(item.visitor_name) }),
        ...(item.delivery_type === undefined ? {} : { deliveryType: item.delivery_type }),
      };
      if (Object.keys(changes).length > 0) {
        await ctx.update(productDeliveries, item.id, changes);
      }
      ctx.productDeliveries.set(item.id, productId);
      continue;
    }
    if (item._destroy) continue;
    if (item.product_id === undefined) throw required('product_id');
    offeredProduct(ctx, item.product_id);
    if (item.delivered_at === undefined) throw required('delivered_at');
    const row = await ctx.insert(productDeliveries, {
      enrollmentId: ctx.enrollment.id,
      productOfferId: item.product_id,
      deliveredAt: item.delivered_at,
      quantity: item.quantity ?? 1,
      price: priceOf(ctx, item.product_id, item.price),
      visitorName: blankToNull(item.visitor_name),
      deliveryType: item.delivery_type ?? null,
    });
    ctx.productDeliveries.set(row.id, item.product_id);
  }
}

/** Every nested array of PUT /enrollments/{id}, in the order of SPEC section 7. */
export async function writeNestedRecords(ctx: RecordContext, body: EnrollmentUpdate) {
  await writeVisits(ctx, body.visits_attributes);
  await writeDeliveries(ctx, body.episode_deliveries_attributes);
  await writeProducts(ctx, body.product_deliveries_attributes);
  await writeReminders(ctx, body.reminders_attributes);
  await writeAttendances(ctx, body.attendances_attributes);
}
