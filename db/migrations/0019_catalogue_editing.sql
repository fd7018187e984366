ALTER TABLE "order_items" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured_position" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_items_product" ON "order_items" USING btree ("product_id");--> statement-breakpoint
-- hand-written:
-- The featured row becomes the seller's choice (docs/decisions/048): the six products the badge rule shows today stay featured, in the same order.
UPDATE "products" SET "featured_position" = f."rank" - 1 FROM (
  SELECT "id", row_number() OVER (ORDER BY "position", "created_at", "id") AS "rank" FROM "products"
  WHERE "listed" AND "archived_at" IS NULL AND "badge" IN ('Best Seller', 'Bestseller', 'Popular', 'Premium')
) f WHERE "products"."id" = f."id" AND f."rank" <= 6;--> statement-breakpoint
-- A stock count never goes below zero, whatever code runs (docs/decisions/049).
ALTER TABLE "products" ADD CONSTRAINT "products_stock_not_negative" CHECK ("stock" IS NULL OR "stock" >= 0);
