import type { SeriesProductInput } from '@srs/shared/series';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.ts';
import { deleteAudited, insertAudited, recordVersion, updateAudited } from '../../core/audit.ts';
import { invalid } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { DbOrTx } from '../../db/client.ts';
import { productOffers, seriesProducts } from '../../db/schema/index.ts';
import { checkIds, keptOrder } from './series-catalogue.ts';
import { type SeriesFacts, seriesRules } from './series-rules.ts';

type Carried = {
  product_offer_id: number;
  name: string;
  default_price: string;
  position: number;
  active: boolean;
};

/** The version of a series_products row (no id of its own): keyed by the offer, naming the series. */
const seriesProductVersion = (seriesId: number, row: Omit<Carried, 'name' | 'default_price'> | null) =>
  row === null ? null : { seriesId, productOfferId: row.product_offer_id, position: row.position, active: row.active };

/**
 * products: the offers the series carries (SPEC section 5 prices: two decimals, minimum 0). A
 * product delivered in this series is retired (active false), never removed. Offers are shared
 * between series (docs/decisions.md "The course catalogue"): a new name or price changes the
 * offer itself when the user keeps every series that carries it; otherwise this series gets its
 * own copy, and the others, and the deliveries already made, keep the offer they had.
 */
export async function writeProducts(tx: DbOrTx, actor: Actor, seriesId: number, items: SeriesProductInput[]) {
  const existing = await rows<Carried>(
    tx.execute(sql`select sp.product_offer_id, po.name, po.default_price::text as default_price, sp.position, sp.active
      from series_products sp join product_offers po on po.id = sp.product_offer_id
      where sp.series_id = ${seriesId} order by sp.position, po.name, po.id for update of sp`),
  );
  const byId = new Map(existing.map((row) => [row.product_offer_id, row]));
  checkIds('Product', items.map((item) => item.product_offer_id), new Set(byId.keys()));
  const removed = items
    .filter((item) => item._destroy && item.product_offer_id !== undefined)
    .map((item) => item.product_offer_id as number);
  if (removed.length > 0) await removeProducts(tx, actor, seriesId, removed, byId);

  const kept = keptOrder(
    items.map((item) => ({ ...item, id: item.product_offer_id })),
    existing.filter((row) => !removed.includes(row.product_offer_id)).map((row) => ({ id: row.product_offer_id })),
  );
  for (const [index, item] of kept.entries()) {
    const position = index + 1;
    const before = item.id === undefined ? undefined : byId.get(item.id);
    if ('untouched' in item) {
      if (before) await placeProduct(tx, actor, seriesId, before, { position, active: before.active });
      continue;
    }
    const price = item.default_price.toFixed(2);
    if (before === undefined) {
      const offer = await insertAudited(tx, actor, productOffers, { name: item.name, defaultPrice: price });
      await carry(tx, actor, seriesId, { product_offer_id: offer.id, position, active: item.active ?? true });
      continue;
    }
    let offerId = before.product_offer_id;
    if (item.name !== before.name || price !== before.default_price) {
      offerId = await renameOffer(tx, actor, seriesId, before, { name: item.name, defaultPrice: price });
    }
    const wanted = { position, active: item.active ?? before.active };
    if (offerId === before.product_offer_id) await placeProduct(tx, actor, seriesId, before, wanted);
    else await carry(tx, actor, seriesId, { product_offer_id: offerId, ...wanted });
  }
}

async function removeProducts(tx: DbOrTx, actor: Actor, seriesId: number, ids: number[], byId: Map<number, Carried>) {
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const uses = await rows<{ id: number; deliveries: number }>(
    tx.execute(sql`select p.product_offer_id as id, count(*)::int as deliveries
      from product_deliveries p join enrollments e on e.id = p.enrollment_id
      where e.series_id = ${seriesId} and p.product_offer_id in (${idList}) group by p.product_offer_id`),
  );
  const refusals = uses.map(
    (use) =>
      `Product "${byId.get(use.id)?.name ?? use.id}" cannot be removed: ${use.deliveries} ${
        use.deliveries === 1 ? 'delivery holds' : 'deliveries hold'
      } it. Retire it instead`,
  );
  if (refusals.length > 0) throw invalid(refusals);
  for (const id of ids) await uncarry(tx, actor, seriesId, byId.get(id)!);
  // An offer no series carries and nobody was given is gone with its last series.
  const orphans = await rows<{ id: number }>(
    tx.execute(sql`select po.id from product_offers po where po.id in (${idList})
      and not exists (select 1 from series_products sp where sp.product_offer_id = po.id)
      and not exists (select 1 from product_deliveries p where p.product_offer_id = po.id)`),
  );
  for (const orphan of orphans) await deleteAudited(tx, actor, productOffers, orphan.id);
}

/** A new name or price: the offer itself, or this series' own copy of it (see writeProducts). */
async function renameOffer(
  tx: DbOrTx,
  actor: Actor,
  seriesId: number,
  before: Carried,
  values: { name: string; defaultPrice: string },
): Promise<number> {
  const others = await rows<SeriesFacts>(
    tx.execute(sql`select se.type, se.school_id from series_products sp join series se on se.id = sp.series_id
      where sp.product_offer_id = ${before.product_offer_id} and sp.series_id <> ${seriesId}`),
  );
  if (others.every((other) => seriesRules.update.allows(actor, other))) {
    await updateAudited(tx, actor, productOffers, before.product_offer_id, values);
    return before.product_offer_id;
  }
  const copy = await insertAudited(tx, actor, productOffers, values);
  await uncarry(tx, actor, seriesId, before);
  return copy.id;
}

async function carry(tx: DbOrTx, actor: Actor, seriesId: number, row: Omit<Carried, 'name' | 'default_price'>) {
  await tx.insert(seriesProducts).values({ seriesId, productOfferId: row.product_offer_id, ...pick(row) });
  await recordVersion(tx, actor, {
    itemType: 'SeriesProduct',
    itemId: row.product_offer_id,
    before: null,
    after: seriesProductVersion(seriesId, row),
  });
}

async function uncarry(tx: DbOrTx, actor: Actor, seriesId: number, row: Carried) {
  await tx
    .delete(seriesProducts)
    .where(and(eq(seriesProducts.seriesId, seriesId), eq(seriesProducts.productOfferId, row.product_offer_id)));
  await recordVersion(tx, actor, {
    itemType: 'SeriesProduct',
    itemId: row.product_offer_id,
    before: seriesProductVersion(seriesId, row),
    after: null,
  });
}

async function placeProduct(
  tx: DbOrTx,
  actor: Actor,
  seriesId: number,
  before: Carried,
  wanted: { position: number; active: boolean },
) {
  if (wanted.position === before.position && wanted.active === before.active) return;
  await tx
    .update(seriesProducts)
    .set(wanted)
    .where(and(eq(seriesProducts.seriesId, seriesId), eq(seriesProducts.productOfferId, before.product_offer_id)));
  await recordVersion(tx, actor, {
    itemType: 'SeriesProduct',
    itemId: before.product_offer_id,
    before: seriesProductVersion(seriesId, before),
    after: seriesProductVersion(seriesId, { ...before, ...wanted }),
  });
}

const pick = (row: { position: number; active: boolean }) => ({ position: row.position, active: row.active });
