CREATE TABLE "order_login_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_logins" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"key_id" integer NOT NULL,
	"ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_reason" text
);
--> statement-breakpoint
CREATE TABLE "seller_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_ciphertext" text,
	"private_key_iv" text,
	"private_key_salt" text,
	"kdf_iterations" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"destroyed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_login_events" ADD CONSTRAINT "order_login_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logins" ADD CONSTRAINT "order_logins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logins" ADD CONSTRAINT "order_logins_key_id_seller_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."seller_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_login_events_order" ON "order_login_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_logins_order" ON "order_logins" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_logins_key" ON "order_logins" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_keys_one_active" ON "seller_keys" USING btree ((true)) WHERE "seller_keys"."retired_at" is null;