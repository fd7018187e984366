import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { SeedProduct } from "~/catalogue/seed-products";
import { COUPON_TYPES, NEWUSER15 } from "~/domain/coupons";
import { seedFeaturedIds, type StoredTexts } from "~/domain/catalogue";
import { LANGS } from "~/domain/product";
import { coupons, products } from "../../../db/schema";
import type { Db } from "../platform/db.server";

const couponFileSchema = z.array(
  z.object({
    id: z.string().min(1).max(64),
    code: z
      .string()
      .min(1)
      .max(64)
      .transform((c) => c.trim().toUpperCase()),
    type: z.enum(COUPON_TYPES),
    value: z.number().int().min(0).default(0),
    description: z.string().min(1).max(300),
    isActive: z.boolean().default(true),
    usageLimit: z.number().int().min(0).nullable().default(null),
    usedCount: z.number().int().min(0).default(0),
    minPurchaseCents: z.number().int().min(0).default(0),
    validUntil: z.iso.date().nullable().default(null),
    freeProductId: z.string().nullable().default(null),
  }),
);

/** Coupons from a JSON file (SEED_COUPONS_FILE), inserted when missing, like the launch coupon. */
export async function seedCouponsFromFile(db: Db, file: string): Promise<number> {
  const parsed = couponFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`SEED_COUPONS_FILE ${file}: ${parsed.error.issues[0]?.message}`);
  const inserted = await db.insert(coupons).values(parsed.data).onConflictDoNothing().returning({ id: coupons.id });
  return inserted.length;
}

/** The seed's texts: every language complete (the seed's titles are the same in all three), no SEO texts. */
function seedTexts(p: SeedProduct): StoredTexts {
  const texts = {} as Record<(typeof LANGS)[number], StoredTexts["en"]>;
  for (const lang of LANGS) {
    texts[lang] = {
      title: p.title,
      description: p.description[lang],
      trackingInfo: p.trackingInfo[lang],
      fullDescription: p.fullDescription[lang],
      features: p.features[lang],
      seoTitle: "",
      seoDescription: "",
    };
  }
  return texts;
}

/** Everything about a seed product but the seller's commercial fields (price, stock, badge, listed, ratings). */
function seedContent(p: SeedProduct, position: number) {
  return {
    title: p.title,
    texts: seedTexts(p),
    category: p.category,
    type: p.type,
    audience: p.audience,
    skin: p.skin,
    actionCount: p.actionCount ?? null,
    poses: p.poses ?? null,
    gestures: p.gestures,
    platforms: [...p.platforms],
    delivery: p.delivery,
    warrantyDays: p.warrantyDays,
    bundleItemIds: (p.bundleItems ?? []).map((item) => item.productId),
    images: p.images,
    videoUrl: p.videoUrl ?? null,
    position,
  };
}

/**
 * Fills the catalogue from the seed (app/catalogue/seed-products.ts) on the first start of a database:
 * a new one gets the 17 products; an existing one (rows holding only price, stock, badge and listed,
 * from before products were data) gets every other field, its edits kept. Later starts find every row
 * filled and never read the seed again. Idempotent when several processes start at once.
 */
export async function seedProducts(db: Db): Promise<number> {
  const rows = await db.select({ id: products.id, filled: sql<boolean>`${products.texts} <> '{}'::jsonb` }).from(products);
  if (rows.length > 0 && rows.every((r) => r.filled)) return 0;
  const { SEED_PRODUCTS } = await import("~/catalogue/seed-products");
  const existing = new Map(rows.map((r) => [r.id, r.filled]));
  const featured = seedFeaturedIds(SEED_PRODUCTS);
  let changed = 0;
  await db.transaction(async (tx) => {
    for (const [position, p] of SEED_PRODUCTS.entries()) {
      const content = seedContent(p, position);
      if (!existing.has(p.id)) {
        const commercial = { priceCents: p.priceCents, originalPriceCents: p.originalPriceCents, inStock: p.inStock, badge: p.badge ?? null, listed: p.listed };
        const place = featured.indexOf(p.id);
        const inserted = await tx
          .insert(products)
          .values({ id: p.id, ...content, ...commercial, rating: p.rating, reviews: p.reviews, featuredPosition: place < 0 ? null : place })
          .onConflictDoNothing()
          .returning({ id: products.id });
        changed += inserted.length;
      } else if (existing.get(p.id) === false) {
        const updated = await tx
          .update(products)
          .set(content)
          .where(and(eq(products.id, p.id), sql`${products.texts} = '{}'::jsonb`))
          .returning({ id: products.id });
        changed += updated.length;
      }
    }
  });
  return changed;
}

export async function seedDatabase(db: Db): Promise<void> {
  await seedProducts(db);
  await db
    .insert(coupons)
    .values({
      id: NEWUSER15.id,
      code: NEWUSER15.code,
      type: NEWUSER15.type,
      value: NEWUSER15.value,
      description: NEWUSER15.description,
      isActive: NEWUSER15.isActive,
      usageLimit: NEWUSER15.usageLimit,
      usedCount: NEWUSER15.usedCount,
      minPurchaseCents: NEWUSER15.minPurchaseCents,
      validUntil: NEWUSER15.validUntil,
      freeProductId: NEWUSER15.freeProductId,
    })
    .onConflictDoNothing();
}
