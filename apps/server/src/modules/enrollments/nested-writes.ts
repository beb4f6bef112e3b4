import type {
  EnrollmentUpdate,
  ProductDeliveryAttributes,
  ReminderAttributes,
  VisitAttributes,
} from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { z } from 'zod';
import { productDeliveries, reminders, visits } from '../../db/schema/index.ts';
import { deleteAudited, insertAudited, updateAudited } from '../../lib/audited.ts';
import { invalid, notFound } from '../../plugins/errors.ts';
import { writeAttendances, writeDeliveries } from './episode-records.ts';
import { destroyWithDependents, forgetChildren, writeDecisions, writeNotes } from './nested-children.ts';
import type { WriteContext } from './write-context.ts';

type VisitInput = z.output<typeof VisitAttributes>;
type ReminderInput = z.output<typeof ReminderAttributes>;
type ProductInput = z.output<typeof ProductDeliveryAttributes>;

const required = (field: string) => invalid({ [field]: [messages.fieldRequired] });

/** visits_attributes: the visitor of a new visit is the user recording it. */
async function writeVisits(ctx: WriteContext, items: VisitInput[] = []) {
  for (const item of items) {
    let id = item.id;
    if (id !== undefined) {
      if (!ctx.visits.has(id)) throw notFound('Visit');
      if (item._destroy) {
        await destroyWithDependents(ctx.tx, ctx.userId, visits, id, 'visit_id');
        ctx.visits.delete(id);
        forgetChildren(ctx, { column: 'visit_id', id });
        continue;
      }
      if (item.date !== undefined) await updateAudited(ctx.tx, visits, id, { date: item.date }, ctx.userId);
    } else {
      if (item._destroy) continue;
      if (item.date === undefined) throw required('date');
      const row = await insertAudited(
        ctx.tx,
        visits,
        { enrollmentId: ctx.enrollment.id, date: item.date, visitorId: ctx.userId },
        ctx.userId,
      );
      id = row.id;
      ctx.visits.add(id);
    }
    const parent = { column: 'visit_id', id } as const;
    await writeDecisions(ctx, parent, item.decisions_attributes);
    await writeNotes(ctx, parent, item.notes_attributes);
  }
}

/** reminders_attributes: a reminder carries notes, never decisions. */
async function writeReminders(ctx: WriteContext, items: ReminderInput[] = []) {
  for (const item of items) {
    let id = item.id;
    if (id !== undefined) {
      if (!ctx.reminders.has(id)) throw notFound('Reminder');
      if (item._destroy) {
        await destroyWithDependents(ctx.tx, ctx.userId, reminders, id, 'reminder_id');
        ctx.reminders.delete(id);
        forgetChildren(ctx, { column: 'reminder_id', id });
        continue;
      }
      if (item.date !== undefined) await updateAudited(ctx.tx, reminders, id, { date: item.date }, ctx.userId);
    } else {
      if (item._destroy) continue;
      if (item.date === undefined) throw required('date');
      const row = await insertAudited(
        ctx.tx,
        reminders,
        { enrollmentId: ctx.enrollment.id, date: item.date, createdById: ctx.userId },
        ctx.userId,
      );
      id = row.id;
      ctx.reminders.add(id);
    }
    await writeNotes(ctx, { column: 'reminder_id', id }, item.notes_attributes);
  }
}

function offeredProduct(ctx: WriteContext, productId: number) {
  const product = ctx.products.get(productId);
  if (!product?.active) throw invalid({ product_id: ['is not a product of this series'] });
  return product;
}

/** Blank price falls back to the offer's default price (SPEC section 5, Product). */
function priceOf(ctx: WriteContext, productId: number, price: number | null | undefined): string {
  if (price !== null && price !== undefined) return price.toFixed(2);
  return ctx.products.get(productId)?.defaultPrice ?? '0.00';
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** product_deliveries_attributes: product_id is one of the series' product offers. */
async function writeProducts(ctx: WriteContext, items: ProductInput[] = []) {
  for (const item of items) {
    if (item.id !== undefined) {
      const currentProduct = ctx.productDeliveries.get(item.id);
      if (currentProduct === undefined) throw notFound('Product delivery');
      if (item._destroy) {
        await deleteAudited(ctx.tx, productDeliveries, item.id, ctx.userId);
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
        await updateAudited(ctx.tx, productDeliveries, item.id, changes, ctx.userId);
      }
      ctx.productDeliveries.set(item.id, productId);
      continue;
    }
    if (item._destroy) continue;
    if (item.product_id === undefined) throw required('product_id');
    offeredProduct(ctx, item.product_id);
    if (item.delivered_at === undefined) throw required('delivered_at');
    const row = await insertAudited(
      ctx.tx,
      productDeliveries,
      {
        enrollmentId: ctx.enrollment.id,
        productOfferId: item.product_id,
        deliveredAt: item.delivered_at,
        quantity: item.quantity ?? 1,
        price: priceOf(ctx, item.product_id, item.price),
        visitorName: blankToNull(item.visitor_name),
        deliveryType: item.delivery_type ?? null,
      },
      ctx.userId,
    );
    ctx.productDeliveries.set(row.id, item.product_id);
  }
}

/** Every nested array of PUT /enrollments/{id}, in the order of SPEC section 7. */
export async function writeNestedRecords(ctx: WriteContext, body: EnrollmentUpdate) {
  await writeVisits(ctx, body.visits_attributes);
  await writeDeliveries(ctx, body.episode_deliveries_attributes);
  await writeProducts(ctx, body.product_deliveries_attributes);
  await writeReminders(ctx, body.reminders_attributes);
  await writeAttendances(ctx, body.attendances_attributes);
}
