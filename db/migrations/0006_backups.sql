CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"size_bytes" bigint,
	"sha256" text,
	"encrypted" boolean DEFAULT false NOT NULL,
	"schema_version" text,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backup_runs_finished" ON "backup_runs" USING btree ("status","finished_at");