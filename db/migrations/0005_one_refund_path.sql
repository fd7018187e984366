DROP INDEX "payments_kind_ref";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cause" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_kind_ref" ON "payments" USING btree ("kind",lower("provider_ref")) WHERE "payments"."kind" <> 'attempt';