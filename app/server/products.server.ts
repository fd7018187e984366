import { eq } from "drizzle-orm";
import { PRODUCTS } from "~/catalogue";
import { BADGES, type Badge, type Product } from "~/domain/product";
import { products } from "../../db/schema";
import type { Db } from "./db.server";

type Row = typeof products.$inferSelect;

const isBadge = (b: string | null): b is Badge => b !== null && (BADGES as readonly string[]).includes(b);

/** The catalogue's texts and media with the seller's current commercial fields from the database. */
function merge(product: Product, row: Row | undefined): Product {
  if (!row) return product;
  return {
    ...product,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    inStock: row.inStock,
    badge: isBadge(row.badge) ? row.badge : undefined,
    rating: row.rating,
    reviews: row.reviews,
    listed: row.listed,
  };
}

export async function listProducts(db: Db): Promise<Product[]> {
  const rows = new Map((await db.select().from(products)).map((r) => [r.id, r]));
  return PRODUCTS.map((p) => merge(p, rows.get(p.id)));
}

export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  const product = PRODUCTS.find((p) => p.id === id);
  if (!product) return undefined;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return merge(product, row);
}

export type ProductPatch = Partial<Pick<Row, "priceCents" | "originalPriceCents" | "inStock" | "badge" | "listed">>;

export async function updateProduct(db: Db, id: string, patch: ProductPatch): Promise<boolean> {
  const updated = await db
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return updated.length === 1;
}
