CREATE TABLE "rollout_devices" (
	"rollout_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"wave" smallint NOT NULL,
	"state" varchar(16) NOT NULL,
	"from_version" varchar(32),
	"percent" smallint,
	"details" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "rollout_devices_rollout_id_series_id_pk" PRIMARY KEY("rollout_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer,
	"device_type" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" varchar(32) NOT NULL,
	"state" varchar(16) NOT NULL,
	"filter" jsonb NOT NULL,
	"wave_percents" jsonb NOT NULL,
	"wave_count" smallint NOT NULL,
	"failure_threshold_percent" smallint NOT NULL,
	"wave_window_minutes" integer NOT NULL,
	"current_wave" smallint DEFAULT 1 NOT NULL,
	"wave_started_at" timestamp with time zone NOT NULL,
	"wave_starts" jsonb NOT NULL,
	"paused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"ended_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_type" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"number" varchar(32) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"media_key" varchar(300) NOT NULL,
	"content" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"availability" varchar(16) DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "update_history" ADD COLUMN "state" varchar(16) DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "update_history" ADD COLUMN "percent" smallint;--> statement-breakpoint
ALTER TABLE "update_history" ADD COLUMN "rollout_id" integer;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_devices" ADD CONSTRAINT "rollout_devices_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_devices_wave_idx" ON "rollout_devices" USING btree ("rollout_id","wave","state");--> statement-breakpoint
CREATE INDEX "rollout_devices_series_idx" ON "rollout_devices" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "rollouts_created_idx" ON "rollouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rollouts_active_idx" ON "rollouts" USING btree ("device_type","kind") WHERE "rollouts"."state" in ('running', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "versions_type_number_unique" ON "versions" USING btree ("device_type","number");--> statement-breakpoint
CREATE INDEX "update_history_running_idx" ON "update_history" USING btree ("to_version","series_id") WHERE "update_history"."state" = 'running';