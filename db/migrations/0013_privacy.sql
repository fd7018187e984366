CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"email" text,
	"status" text DEFAULT 'awaiting_confirmation' NOT NULL,
	"nonce" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "privacy_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"policy" jsonb NOT NULL,
	"orders_pseudonymised" integer DEFAULT 0 NOT NULL,
	"visits_deleted" integer DEFAULT 0 NOT NULL,
	"rate_limits_deleted" integer DEFAULT 0 NOT NULL,
	"requests_applied" integer DEFAULT 0 NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pseudonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_status" ON "privacy_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_order" ON "privacy_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "privacy_runs_ran" ON "privacy_runs" USING btree ("ran_at");