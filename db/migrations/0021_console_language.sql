ALTER TABLE "sellers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;