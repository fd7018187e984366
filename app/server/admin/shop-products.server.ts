/**
 * The seller's product edits: price, original price, stock, badge, listed. Orders are unaffected
 * (order_items keep the price each line was sold at); the storefront shows the edit at once
 * because the catalogue cache is invalidated in every process.
 */
import { PRODUCTS } from "~/catalogue";
import type { Product } from "~/domain/product";
import type { ProductEdit } from "~/domain/seller/product-form";
import { invalidateCatalogue } from "../catalogue-cache.server";
import type { Db } from "../db.server";
import { findProduct, listProducts, updateProduct } from "../products.server";
import { recordSellerAction, type Actor } from "./audit.server";

export type SellerProduct = Pick<Product, "id" | "title" | "category" | "priceCents" | "originalPriceCents" | "inStock" | "badge" | "listed">;

function toSellerProduct(p: Product): SellerProduct {
  const { id, title, category, priceCents, originalPriceCents, inStock, badge, listed } = p;
  return { id, title, category, priceCents, originalPriceCents, inStock, badge, listed };
}

/** Every product in catalogue order, read from the database (never the cache: the seller sees what is stored). */
export async function listSellerProducts(db: Db): Promise<SellerProduct[]> {
  return (await listProducts(db)).map(toSellerProduct);
}

export async function findSellerProduct(db: Db, id: string): Promise<SellerProduct | undefined> {
  const product = await findProduct(db, id);
  return product && toSellerProduct(product);
}

/** field → [before, after], only for the fields the edit changed: what the audit log records. */
export type Changes = Record<string, [unknown, unknown]>;

export type ProductEditResult = { ok: true; changes: Changes } | { ok: false; reason: "not_found" };

/** Saves the edit and its audit row (only when something changed) in one transaction, then refreshes the storefront. */
export async function saveProductEdit(db: Db, seller: Actor, id: string, edit: ProductEdit): Promise<ProductEditResult> {
  if (!PRODUCTS.some((p) => p.id === id)) return { ok: false, reason: "not_found" };
  const after = {
    priceCents: edit.price,
    originalPriceCents: edit.originalPrice,
    inStock: edit.inStock,
    badge: edit.badge,
    listed: edit.listed,
  };
  const result = await db.transaction(async (tx): Promise<ProductEditResult> => {
    const before = await findSellerProduct(tx, id);
    if (!before) return { ok: false, reason: "not_found" };
    const changes: Changes = {};
    for (const [field, value] of Object.entries(after)) {
      const old = before[field as keyof SellerProduct] ?? null;
      if (old !== value) changes[field] = [old, value];
    }
    if (Object.keys(changes).length === 0) return { ok: true, changes };
    if (!(await updateProduct(tx, id, after))) return { ok: false, reason: "not_found" };
    await recordSellerAction(tx, seller, "product_updated", `product:${id}`, changes);
    return { ok: true, changes };
  });
  if (result.ok && Object.keys(result.changes).length > 0) await invalidateCatalogue(db);
  return result;
}
