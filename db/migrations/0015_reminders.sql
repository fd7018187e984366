CREATE TABLE "restock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"email" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unpaid_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_product_email" ON "restock_alerts" USING btree ("product_id","email");--> statement-breakpoint
CREATE INDEX "restock_alerts_email" ON "restock_alerts" USING btree ("email");--> statement-breakpoint
-- hand-written: orders already awaiting payment had their "finish your payment" mail queued by the code before this migration; the new reminder job must not send them a second one.
UPDATE "orders" SET "unpaid_reminder_at" = "created_at" WHERE "status" = 'awaiting_payment';
