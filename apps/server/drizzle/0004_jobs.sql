CREATE TABLE "archived_jobs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"company_id" uuid,
	"group_id" integer,
	"device_type" varchar(32) NOT NULL,
	"workflow" varchar(64) NOT NULL,
	"job_type" smallint NOT NULL,
	"job_status" smallint NOT NULL,
	"synthetic" boolean DEFAULT false NOT NULL,
	"begin_date" timestamp with time zone NOT NULL,
	"posted_date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_name" varchar(128),
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"valid_cal" smallint DEFAULT 0 NOT NULL,
	"valid_chk" smallint DEFAULT 0 NOT NULL,
	"gresst" smallint,
	"vin" varchar(64) GENERATED ALWAYS AS (left(data->>'VIN', 64)) STORED,
	"ro" varchar(64) GENERATED ALWAYS AS (left(data->>'RO', 64)) STORED,
	"bac" varchar(64) GENERATED ALWAYS AS (left(data->>'BAC', 64)) STORED,
	"warranty_code" varchar(64) GENERATED ALWAYS AS (left(data->>'WARRANTYCODE', 64)) STORED,
	"mk" varchar(64) GENERATED ALWAYS AS (left(data->>'MK', 64)) STORED,
	"md" varchar(64) GENERATED ALWAYS AS (left(data->>'MD', 64)) STORED,
	"ye" varchar(64) GENERATED ALWAYS AS (left(data->>'YE', 64)) STORED,
	"pn" varchar(64) GENERATED ALWAYS AS (left(data->>'PN', 64)) STORED,
	"cr" varchar(64) GENERATED ALWAYS AS (left(data->>'CR', 64)) STORED,
	"jid" varchar(64) GENERATED ALWAYS AS (left(data->>'JID', 64)) STORED,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_associations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" smallint NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"series_id" integer NOT NULL,
	"association_mode" smallint NOT NULL,
	"association_subject" smallint NOT NULL,
	"association_subject_id" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"series_id" integer NOT NULL,
	"company_id" uuid,
	"group_id" integer,
	"device_type" varchar(32) NOT NULL,
	"workflow" varchar(64) NOT NULL,
	"job_type" smallint NOT NULL,
	"job_status" smallint NOT NULL,
	"synthetic" boolean DEFAULT false NOT NULL,
	"begin_date" timestamp with time zone NOT NULL,
	"posted_date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_name" varchar(128),
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"valid_cal" smallint DEFAULT 0 NOT NULL,
	"valid_chk" smallint DEFAULT 0 NOT NULL,
	"gresst" smallint,
	"vin" varchar(64) GENERATED ALWAYS AS (left(data->>'VIN', 64)) STORED,
	"ro" varchar(64) GENERATED ALWAYS AS (left(data->>'RO', 64)) STORED,
	"bac" varchar(64) GENERATED ALWAYS AS (left(data->>'BAC', 64)) STORED,
	"warranty_code" varchar(64) GENERATED ALWAYS AS (left(data->>'WARRANTYCODE', 64)) STORED,
	"mk" varchar(64) GENERATED ALWAYS AS (left(data->>'MK', 64)) STORED,
	"md" varchar(64) GENERATED ALWAYS AS (left(data->>'MD', 64)) STORED,
	"ye" varchar(64) GENERATED ALWAYS AS (left(data->>'YE', 64)) STORED,
	"pn" varchar(64) GENERATED ALWAYS AS (left(data->>'PN', 64)) STORED,
	"cr" varchar(64) GENERATED ALWAYS AS (left(data->>'CR', 64)) STORED,
	"jid" varchar(64) GENERATED ALWAYS AS (left(data->>'JID', 64)) STORED
);
--> statement-breakpoint
ALTER TABLE "archived_jobs" ADD CONSTRAINT "archived_jobs_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_jobs" ADD CONSTRAINT "archived_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_jobs" ADD CONSTRAINT "archived_jobs_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_associations" ADD CONSTRAINT "job_associations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archived_jobs_begin_idx" ON "archived_jobs" USING btree ("synthetic","begin_date","id");--> statement-breakpoint
CREATE INDEX "archived_jobs_posted_idx" ON "archived_jobs" USING btree ("synthetic","posted_date","id");--> statement-breakpoint
CREATE INDEX "archived_jobs_company_begin_idx" ON "archived_jobs" USING btree ("company_id","synthetic","begin_date","id");--> statement-breakpoint
CREATE INDEX "archived_jobs_series_begin_idx" ON "archived_jobs" USING btree ("series_id","synthetic","begin_date","id");--> statement-breakpoint
CREATE INDEX "archived_jobs_vin_idx" ON "archived_jobs" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "archived_jobs_ro_idx" ON "archived_jobs" USING btree ("ro");--> statement-breakpoint
CREATE INDEX "archived_jobs_bac_idx" ON "archived_jobs" USING btree ("bac");--> statement-breakpoint
CREATE INDEX "archived_jobs_warranty_idx" ON "archived_jobs" USING btree ("warranty_code");--> statement-breakpoint
CREATE INDEX "archived_jobs_jid_idx" ON "archived_jobs" USING btree ("jid");--> statement-breakpoint
CREATE INDEX "archived_jobs_pn_idx" ON "archived_jobs" USING btree ("pn");--> statement-breakpoint
CREATE INDEX "archived_jobs_user_idx" ON "archived_jobs" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "archived_jobs_company_user_idx" ON "archived_jobs" USING btree ("company_id","user_name");--> statement-breakpoint
CREATE INDEX "job_associations_created_idx" ON "job_associations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "job_associations_series_idx" ON "job_associations" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "jobs_begin_idx" ON "jobs" USING btree ("synthetic","begin_date","id");--> statement-breakpoint
CREATE INDEX "jobs_posted_idx" ON "jobs" USING btree ("synthetic","posted_date","id");--> statement-breakpoint
CREATE INDEX "jobs_company_begin_idx" ON "jobs" USING btree ("company_id","synthetic","begin_date","id");--> statement-breakpoint
CREATE INDEX "jobs_series_begin_idx" ON "jobs" USING btree ("series_id","synthetic","begin_date","id");--> statement-breakpoint
CREATE INDEX "jobs_vin_idx" ON "jobs" USING btree ("vin");--> statement-breakpoint
CREATE INDEX "jobs_ro_idx" ON "jobs" USING btree ("ro");--> statement-breakpoint
CREATE INDEX "jobs_bac_idx" ON "jobs" USING btree ("bac");--> statement-breakpoint
CREATE INDEX "jobs_warranty_idx" ON "jobs" USING btree ("warranty_code");--> statement-breakpoint
CREATE INDEX "jobs_jid_idx" ON "jobs" USING btree ("jid");--> statement-breakpoint
CREATE INDEX "jobs_pn_idx" ON "jobs" USING btree ("pn");--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_name");--> statement-breakpoint
CREATE INDEX "jobs_company_user_idx" ON "jobs" USING btree ("company_id","user_name");