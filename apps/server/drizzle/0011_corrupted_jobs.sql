CREATE TABLE "corrupted_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" jsonb NOT NULL,
	"payload" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"job_id" bigint,
	"resolved_by" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "corrupted_jobs" ADD CONSTRAINT "corrupted_jobs_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrupted_jobs_status_idx" ON "corrupted_jobs" USING btree ("status","received_at");