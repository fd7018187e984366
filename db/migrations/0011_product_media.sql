CREATE TABLE "product_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"media" jsonb NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"alt_fr" text DEFAULT '' NOT NULL,
	"alt_es" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_media_product" ON "product_media" USING btree ("product_id","position");