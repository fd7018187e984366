CREATE TABLE "blocklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text,
	"source" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"capture_id" text,
	"reason" text,
	"status" text NOT NULL,
	"stage" text,
	"amount_cents" integer,
	"currency" text,
	"seller_response_due_at" timestamp with time zone,
	"outcome" text,
	"refunded_cents" integer,
	"raw" jsonb,
	"details_read_at" timestamp with time zone,
	"evidence_sent_at" timestamp with time zone,
	"evidence_text" text,
	"open_alerted_at" timestamp with time zone,
	"due_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payer_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_page_views" ADD CONSTRAINT "order_page_views_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocklist_kind_value" ON "blocklist" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "disputes_order" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "disputes_status_due" ON "disputes" USING btree ("status","seller_response_due_at");--> statement-breakpoint
CREATE INDEX "order_page_views_order" ON "order_page_views" USING btree ("order_id","viewed_at");