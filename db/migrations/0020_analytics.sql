CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"lang" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"referrer_domain" text DEFAULT '' NOT NULL,
	"device_class" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_route_product_id_lang_country_referrer_domain_device_class_pk" PRIMARY KEY("day","route","product_id","lang","country","referrer_domain","device_class")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
