ALTER TABLE "coupon_redemptions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_kind_ref" ON "payments" USING btree ("provider","kind","provider_ref") WHERE "payments"."kind" <> 'attempt';