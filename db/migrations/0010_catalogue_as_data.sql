ALTER TABLE "products" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'Triggers' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "type" text DEFAULT 'trigger' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "audience" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "skin" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "action_count" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "poses" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gestures" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "platforms" jsonb DEFAULT '["mobile","pc"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery" text DEFAULT 'manual-upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "warranty_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bundle_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;