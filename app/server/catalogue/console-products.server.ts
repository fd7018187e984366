/**
 * The seller's catalogue (issue 20, docs/decisions/033): create, edit, duplicate, archive/restore
 * and reorder products. Each change is one transaction with one audit row holding the changed
 * fields' before/after values; after the commit the catalogue cache is invalidated in every
 * process, so the storefront shows it at once. Orders are unaffected: order_items keep the title and
 * price each line was sold at.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { missingTexts, newProductId, type RequiredTextField, type StoredTexts } from "~/domain/catalogue";
import { bundleSavingsCents } from "~/domain/pricing";
import { LANGS, type Badge, type Category, type Lang } from "~/domain/product";
import type { FieldErrors } from "~/domain/seller/form-fields";
import type { ProductInput } from "~/domain/seller/product-form";
import { bulkPrice, type BulkAction } from "~/domain/seller/bulk-edit";
import { dropInOrder } from "~/domain/seller/product-media-form";
import { coupons, orderItems, products } from "../../../db/schema";
import { invalidateCatalogue } from "./cache.server";
import type { Db } from "../platform/db.server";
import { storedTexts, type ProductRow } from "./products.server";
import { recordSellerAction, type Actor } from "../seller-auth/audit.server";

/** A row of the console's product list. */
export interface SellerProduct {
  id: string;
  title: string;
  category: Category;
  priceCents: number;
  originalPriceCents: number;
  inStock: boolean;
  /** Units left; null = not counted. */
  stock: number | null;
  badge?: Badge;
  listed: boolean;
  archived: boolean;
  position: number;
  /** Place in the home page's featured row (0 first); null = not featured. */
  featured: number | null;
  /** Languages with a required text missing (the storefront shows English there). */
  untranslated: Lang[];
}

/** What the edit page shows: the stored fields as typed, with what is missing per language. */
export interface SellerProductDetail extends SellerProduct {
  input: ProductInput;
  missing: Record<Lang, RequiredTextField[]>;
  /** Computed for a bundle: its items at their current prices, the saving against buying them separately. */
  bundle: { items: { id: string; title: string; priceCents: number }[]; savingsCents: number } | null;
  images: string[];
}

/** field → [before, after], only for the fields the change touched: what the audit log records. */
export type Changes = Record<string, [unknown, unknown]>;

const ORDER = [asc(products.position), asc(products.createdAt), asc(products.id)] as const;

const EMPTY_TEXTS: StoredTexts = {
  en: { title: "", description: "", trackingInfo: "", fullDescription: "", features: [], seoTitle: "", seoDescription: "" },
};

function inputOf(row: ProductRow): ProductInput {
  return {
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    inStock: row.inStock,
    stock: row.stock,
    publishAt: row.publishAt ? row.publishAt.toISOString() : null,
    listed: row.listed,
    badge: (row.badge as Badge | null) ?? null,
    category: row.category as Category,
    type: row.type as ProductInput["type"],
    audience: row.audience as ProductInput["audience"],
    skin: row.skin as ProductInput["skin"],
    actionCount: row.actionCount,
    poses: row.poses,
    gestures: row.gestures,
    platforms: (row.platforms as ProductInput["platforms"]) ?? [],
    delivery: row.delivery as ProductInput["delivery"],
    warrantyDays: row.warrantyDays,
    bundleItemIds: (row.bundleItemIds as string[]) ?? [],
    texts: storedTexts(row) ?? EMPTY_TEXTS,
  };
}

function toSellerProduct(row: ProductRow): SellerProduct {
  const missing = missingTexts(storedTexts(row) ?? EMPTY_TEXTS);
  return {
    id: row.id,
    title: row.title,
    category: row.category as Category,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    inStock: row.inStock,
    stock: row.stock,
    ...(row.badge ? { badge: row.badge as Badge } : {}),
    listed: row.listed,
    archived: row.archivedAt !== null,
    position: row.position,
    featured: row.featuredPosition,
    untranslated: LANGS.filter((lang) => missing[lang].length > 0),
  };
}

async function allRows(db: Db): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .orderBy(...ORDER);
}

/** Every product in catalogue order, archived ones last, read from the database (the seller sees what is stored). */
export async function listSellerProducts(db: Db): Promise<SellerProduct[]> {
  const rows = (await allRows(db)).map(toSellerProduct);
  return [...rows.filter((p) => !p.archived), ...rows.filter((p) => p.archived)];
}

/** Products a bundle may hold: not bundles, not archived. */
export async function bundleCandidates(db: Db): Promise<{ id: string; title: string; priceCents: number }[]> {
  return (await allRows(db)).filter((r) => r.type !== "bundle" && r.archivedAt === null).map((r) => ({ id: r.id, title: r.title, priceCents: r.priceCents }));
}

export async function findSellerProduct(db: Db, id: string): Promise<SellerProductDetail | undefined> {
  const rows = await allRows(db);
  const row = rows.find((r) => r.id === id);
  if (!row) return undefined;
  const input = inputOf(row);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = input.bundleItemIds.flatMap((itemId) => {
    const item = byId.get(itemId);
    return item ? [{ id: item.id, title: item.title, priceCents: item.priceCents }] : [];
  });
  return {
    ...toSellerProduct(row),
    input,
    missing: missingTexts(input.texts),
    bundle: items.length > 0 ? { items, savingsCents: bundleSavingsCents(row.priceCents, items) } : null,
    images: (row.images as string[]) ?? [],
  };
}

/** The audit's view of a product: one flat value per field ("title.fr", "features.en"…). */
function flat(input: ProductInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (key !== "texts") out[key] = value;
  for (const lang of LANGS) {
    const texts = input.texts[lang];
    for (const [field, value] of Object.entries(texts ?? {})) out[`${field}.${lang}`] = value;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields that differ, as [before, after]; a creation has null befores. */
export function changesBetween(before: ProductInput | null, after: ProductInput): Changes {
  const a = before ? flat(before) : {};
  const b = flat(after);
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const emptyText = (v: unknown) => v === undefined || v === "" || (Array.isArray(v) && v.length === 0);
    if (same(a[key], b[key]) || (emptyText(a[key]) && emptyText(b[key]))) continue;
    changes[key] = [a[key] ?? null, b[key] ?? null];
  }
  return changes;
}

function columnsOf(input: ProductInput) {
  return {
    title: input.texts.en.title,
    texts: input.texts,
    priceCents: input.priceCents,
    originalPriceCents: input.originalPriceCents,
    inStock: input.inStock,
    stock: input.stock,
    publishAt: input.publishAt ? new Date(input.publishAt) : null,
    listed: input.listed,
    badge: input.badge,
    category: input.category,
    type: input.type,
    audience: input.audience,
    skin: input.skin,
    actionCount: input.actionCount,
    poses: input.poses,
    gestures: input.gestures,
    platforms: input.platforms,
    delivery: input.delivery,
    warrantyDays: input.warrantyDays,
    bundleItemIds: input.bundleItemIds,
  };
}

/** Bundle items must be existing, unarchived products that are not bundles, and not the bundle itself. */
async function checkBundleItems(db: Db, id: string | null, input: ProductInput): Promise<FieldErrors | null> {
  if (input.bundleItemIds.length === 0) return null;
  const rows = await allRows(db);
  for (const itemId of input.bundleItemIds) {
    const item = rows.find((r) => r.id === itemId);
    if (!item || item.archivedAt !== null || item.type === "bundle" || itemId === id)
      return { bundleItems: "Pick items from the list (products that are not bundles)" };
  }
  return null;
}

export type ProductSaveResult = { ok: true; id: string; changes: Changes } | { ok: false; errors: FieldErrors } | { ok: false; reason: "not_found" };

interface CreateOptions {
  action: "product_created" | "product_duplicated";
  /** Extra audit values (the original of a duplicate). */
  note?: Changes;
  media?: Pick<ProductRow, "images" | "videoUrl">;
}

/** Creates a product with a new stable id from its English title, placed last; ratings start at 5 with no reviews. */
export async function createProduct(
  db: Db,
  seller: Actor,
  input: ProductInput,
  now: Date,
  options: CreateOptions = { action: "product_created" },
): Promise<ProductSaveResult> {
  const itemErrors = await checkBundleItems(db, null, input);
  if (itemErrors) return { ok: false, errors: itemErrors };
  const result = await db.transaction(async (tx): Promise<ProductSaveResult> => {
    const existing = await tx.select({ id: products.id, position: products.position }).from(products);
    const taken = new Set(existing.map((r) => r.id));
    let id = newProductId(input.texts.en.title, taken);
    // SPEC §4: a product is a gift when its id contains "gift"; a username-gift product must say so.
    if (input.delivery === "username-gift" && !id.includes("gift")) id = newProductId(`${input.texts.en.title} gift`, taken);
    const position = existing.reduce((max, r) => Math.max(max, r.position), -1) + 1;
    const media = options.media ?? { images: [], videoUrl: null };
    await tx.insert(products).values({ id, ...columnsOf(input), rating: 5, reviews: 0, position, ...media, createdAt: now, updatedAt: now });
    const changes = { ...options.note, ...changesBetween(null, input) };
    await recordSellerAction(tx, seller, options.action, `product:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok) await invalidateCatalogue(db);
  return result;
}

/** Saves every field of the form; records and invalidates only when something changed. */
export async function updateProduct(db: Db, seller: Actor, id: string, input: ProductInput, now: Date): Promise<ProductSaveResult> {
  const itemErrors = await checkBundleItems(db, id, input);
  if (itemErrors) return { ok: false, errors: itemErrors };
  const result = await db.transaction(async (tx): Promise<ProductSaveResult> => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!row) return { ok: false, reason: "not_found" };
    const changes = changesBetween(inputOf(row), input);
    if (Object.keys(changes).length === 0) return { ok: true, id, changes };
    await tx
      .update(products)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(eq(products.id, id));
    await recordSellerAction(tx, seller, "product_updated", `product:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok && Object.keys(result.changes).length > 0) await invalidateCatalogue(db);
  return result;
}

/** A copy as a draft (not listed), titled "… (copy)" in every language, placed last; pictures shared. */
export async function duplicateProduct(db: Db, seller: Actor, id: string, now: Date): Promise<ProductSaveResult> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return { ok: false, reason: "not_found" };
  const input = inputOf(row);
  const copy = (title: string | undefined) => (title ? `${title} (copy)`.slice(0, 120) : title);
  const texts: StoredTexts = {
    ...input.texts,
    en: { ...input.texts.en, title: copy(input.texts.en.title) ?? "" },
    ...(input.texts.fr ? { fr: { ...input.texts.fr, title: copy(input.texts.fr.title) } } : {}),
    ...(input.texts.es ? { es: { ...input.texts.es, title: copy(input.texts.es.title) } } : {}),
  };
  // The pictures and video stay the original's (content-named files, shared safely).
  return createProduct(db, seller, { ...input, texts, listed: false }, now, {
    action: "product_duplicated",
    note: { duplicatedFrom: [null, id] },
    media: { images: row.images, videoUrl: row.videoUrl },
  });
}

/** Archived: off the storefront everywhere (404, sitemap, search, carts); past orders untouched. Restore brings it back as it was. */
export async function setArchived(db: Db, seller: Actor, id: string, archived: boolean, now: Date): Promise<ProductSaveResult> {
  const result = await db.transaction(async (tx): Promise<ProductSaveResult> => {
    const [row] = await tx.select({ archivedAt: products.archivedAt }).from(products).where(eq(products.id, id)).for("update");
    if (!row) return { ok: false, reason: "not_found" };
    if ((row.archivedAt !== null) === archived) return { ok: true, id, changes: {} };
    await tx
      .update(products)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(products.id, id));
    const changes: Changes = { archived: [!archived, archived] };
    await recordSellerAction(tx, seller, archived ? "product_archived" : "product_restored", `product:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok && Object.keys(result.changes).length > 0) await invalidateCatalogue(db);
  return result;
}

/** Where a product goes in the catalogue order: one place, to an end, or to another product's place (a drop). */
export type Move = "up" | "down" | "top" | "bottom" | { to: string };

/**
 * Moves a product in the catalogue order (positions renumbered 0…n-1 over unarchived products):
 * one request and one audit row whatever the distance, so "to the top" or a drag is never a
 * string of single steps.
 */
export async function moveProduct(db: Db, seller: Actor, id: string, move: Move, now: Date): Promise<ProductSaveResult> {
  const result = await db.transaction(async (tx): Promise<ProductSaveResult> => {
    // One mover at a time: two sellers reordering at once would interleave renumberings.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product_order'))`);
    const rows = (
      await tx
        .select({ id: products.id, position: products.position, archivedAt: products.archivedAt })
        .from(products)
        .orderBy(...ORDER)
    ).filter((r) => r.archivedAt === null);
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0) return { ok: false, reason: "not_found" };
    const last = rows.length - 1;
    const to = move === "up" ? from - 1 : move === "down" ? from + 1 : move === "top" ? 0 : move === "bottom" ? last : rows.findIndex((r) => r.id === move.to);
    if (to < 0 || to > last) return typeof move === "object" ? { ok: false, reason: "not_found" } : { ok: true, id, changes: {} };
    if (to === from) return { ok: true, id, changes: {} };
    const order = dropInOrder(
      rows.map((r) => r.id),
      from,
      to,
    );
    for (const [position, rowId] of order.entries()) {
      const before = rows.find((r) => r.id === rowId)?.position;
      if (before !== position) await tx.update(products).set({ position }).where(eq(products.id, rowId));
    }
    const changes: Changes = { position: [from + 1, to + 1], ...(to > from ? { after: [null, order[to - 1]] } : { before: [null, order[to + 1]] }) };
    await recordSellerAction(tx, seller, "product_moved", `product:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok && Object.keys(result.changes).length > 0) await invalidateCatalogue(db);
  return result;
}

/**
 * Features a product (it goes first in the home page's featured row, so the seller sees it there
 * at once) or takes it out; the other featured products keep their order (docs/decisions/048).
 */
export async function setFeatured(db: Db, seller: Actor, id: string, featured: boolean, now: Date): Promise<ProductSaveResult> {
  const result = await db.transaction(async (tx): Promise<ProductSaveResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('product_featured'))`);
    const [row] = await tx
      .select({ featuredPosition: products.featuredPosition, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row || row.archivedAt !== null) return { ok: false, reason: "not_found" };
    if ((row.featuredPosition !== null) === featured) return { ok: true, id, changes: {} };
    const others = (
      await tx
        .select({ id: products.id, featuredPosition: products.featuredPosition })
        .from(products)
        .where(isNotNull(products.featuredPosition))
        .orderBy(asc(products.featuredPosition), asc(products.id))
    ).filter((r) => r.id !== id);
    const order = featured ? [id, ...others.map((r) => r.id)] : others.map((r) => r.id);
    if (!featured) await tx.update(products).set({ featuredPosition: null, updatedAt: now }).where(eq(products.id, id));
    for (const [place, rowId] of order.entries()) {
      const before = rowId === id ? null : others.find((r) => r.id === rowId)?.featuredPosition;
      if (before !== place) await tx.update(products).set({ featuredPosition: place }).where(eq(products.id, rowId));
    }
    const changes: Changes = { featured: [!featured, featured] };
    await recordSellerAction(tx, seller, featured ? "product_featured" : "product_unfeatured", `product:${id}`, changes, now);
    return { ok: true, id, changes };
  });
  if (result.ok && Object.keys(result.changes).length > 0) await invalidateCatalogue(db);
  return result;
}

/**
 * A refusal the console words in the account's language (docs/decisions/055): the English message
 * (scripts, tests), and its key in the console's `adminProduct` area with the values.
 */
export interface Worded {
  message: string;
  key: string;
  values: Record<string, string | number>;
}

export type DeleteResult = { ok: true } | { ok: false; reason: "not_found" } | ({ ok: false; reason: "in_use" } & Worded);

/**
 * Deletes a product made by mistake: only one no order line names (orders keep their lines
 * forever), no coupon gives away and no bundle holds; otherwise the seller is told to archive it.
 * Its media rows go with it (cascade); the files stay in storage, content-named and maybe shared
 * with a duplicate.
 */
export async function deleteProduct(db: Db, seller: Actor, id: string, now: Date): Promise<DeleteResult> {
  const result = await db.transaction(async (tx): Promise<DeleteResult> => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!row) return { ok: false, reason: "not_found" };
    // Locked above: an order being written for it now waits, then sees no product… or commits first and is found here.
    const [sold] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
    if (sold)
      return {
        ok: false,
        reason: "in_use",
        message: "Orders name this product, so it cannot be deleted: archive it instead (past orders keep it).",
        key: "adminProduct.replies.inUseOrders",
        values: {},
      };
    const [coupon] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.freeProductId, id)).limit(1);
    if (coupon)
      return {
        ok: false,
        reason: "in_use",
        message: `Coupon ${coupon.code} gives this product free: change the coupon first, or archive the product.`,
        key: "adminProduct.replies.inUseCoupon",
        values: { code: coupon.code },
      };
    const bundles = await tx
      .select({ title: products.title })
      .from(products)
      .where(sql`${products.bundleItemIds} @> ${JSON.stringify([id])}::jsonb`);
    if (bundles.length > 0)
      return {
        ok: false,
        reason: "in_use",
        message: `The bundle ${bundles[0].title} holds this product: take it out of the bundle first, or archive it.`,
        key: "adminProduct.replies.inUseBundle",
        values: { title: bundles[0].title },
      };
    await tx.delete(products).where(eq(products.id, id));
    await recordSellerAction(tx, seller, "product_deleted", `product:${id}`, { title: [row.title, null], priceCents: [row.priceCents, null] }, now);
    return { ok: true };
  });
  if (result.ok) await invalidateCatalogue(db);
  return result;
}

/** Thrown inside the bulk transaction to roll every product back. */
class BulkRefused extends Error {
  constructor(readonly title: string) {
    super(`${title} would cost $0.00 or less: nothing was changed.`);
  }
}

export type BulkResult = { ok: true; changed: number } | ({ ok: false } & Worded);

/**
 * One change applied to every ticked product in one transaction, with one audit row per product
 * changed: all or nothing (a price that would fall to $0 refuses the whole batch, naming it).
 */
export async function bulkEdit(db: Db, seller: Actor, ids: readonly string[], action: BulkAction, now: Date): Promise<BulkResult> {
  const result = await db
    .transaction(async (tx): Promise<BulkResult> => {
      const rows = await tx
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]))
        .orderBy(...ORDER)
        .for("update");
      if (rows.length !== new Set(ids).size)
        return { ok: false, message: "Some ticked products no longer exist: reload the list.", key: "adminProduct.bulk.gone", values: {} };
      let changed = 0;
      for (const row of rows) {
        let set: Partial<ProductRow>;
        let changes: Changes;
        let audit = "product_updated";
        if (action.kind === "price-percent" || action.kind === "price-amount") {
          const price = bulkPrice(row.priceCents, action);
          if (price === null) throw new BulkRefused(row.title);
          set = { priceCents: price };
          changes = { priceCents: [row.priceCents, price] };
        } else if (action.kind === "badge") {
          set = { badge: action.badge };
          changes = { badge: [row.badge, action.badge] };
        } else if (action.kind === "list" || action.kind === "unlist") {
          // Listing or unlisting by hand replaces any schedule (the job would undo the choice).
          set = { listed: action.kind === "list", publishAt: null };
          changes = { listed: [row.listed, action.kind === "list"] };
        } else {
          if (row.archivedAt !== null) continue;
          set = { archivedAt: now };
          changes = { archived: [false, true] };
          audit = "product_archived";
        }
        const [key] = Object.keys(changes);
        if (same(changes[key][0], changes[key][1])) continue;
        await tx
          .update(products)
          .set({ ...set, updatedAt: now })
          .where(eq(products.id, row.id));
        await recordSellerAction(tx, seller, audit, `product:${row.id}`, { ...changes, bulk: [null, ids.length] }, now);
        changed++;
      }
      return { ok: true, changed };
    })
    .catch((error: unknown) => {
      if (error instanceof BulkRefused)
        return { ok: false as const, message: error.message, key: "adminProduct.bulk.zeroPrice", values: { title: error.title } };
      throw error;
    });
  if (result.ok && result.changed > 0) await invalidateCatalogue(db);
  return result;
}

const SCHEDULE: Actor = { id: null, actor: "system:schedule" };

/**
 * The publish job: drafts whose time has come are listed (page, sitemap, search, listings from
 * now on), each with its audit row; returns their ids. A product archived meanwhile stays off.
 */
export async function publishScheduled(db: Db, now: Date): Promise<string[]> {
  const published = await db.transaction(async (tx) => {
    const due = await tx
      .update(products)
      .set({ listed: true, publishAt: null, updatedAt: now })
      .where(and(lte(products.publishAt, now), isNull(products.archivedAt)))
      .returning({ id: products.id });
    for (const { id } of due) await recordSellerAction(tx, SCHEDULE, "product_published", `product:${id}`, { listed: [false, true] }, now);
    return due.map((r) => r.id);
  });
  if (published.length > 0) await invalidateCatalogue(db);
  return published;
}
