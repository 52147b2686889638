CREATE TABLE "batteries" (
	"reference" varchar(40) PRIMARY KEY NOT NULL,
	"maker" varchar(64) NOT NULL,
	"model" varchar(64),
	"chemistry" varchar(16) NOT NULL,
	"capacity_ah" numeric(6, 1),
	"cold_cranking_amps" integer,
	"voltage" numeric(4, 1) NOT NULL,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "dashboard_views" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"dashboard_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"name" varchar(80) NOT NULL,
	"widgets" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "job_month_counts" (
	"company_id" uuid,
	"month" date NOT NULL,
	"device_type" varchar(32) NOT NULL,
	"job_type" smallint NOT NULL,
	"job_status" smallint NOT NULL,
	"synthetic" boolean NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "job_month_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","month","device_type","job_type","job_status","synthetic")
);
--> statement-breakpoint
CREATE TABLE "translation_languages" (
	"code" varchar(10) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_overrides" (
	"language" varchar(10) NOT NULL,
	"target" varchar(32) NOT NULL,
	"namespace" varchar(40) NOT NULL,
	"key" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "translation_overrides_language_target_namespace_key_pk" PRIMARY KEY("language","target","namespace","key")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"vin" char(17) PRIMARY KEY NOT NULL,
	"make" varchar(64) NOT NULL,
	"model" varchar(64) NOT NULL,
	"year" smallint NOT NULL,
	"engine" varchar(64),
	"battery_reference" varchar(40),
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "batteries" ADD CONSTRAINT "batteries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD CONSTRAINT "dashboard_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_views" ADD CONSTRAINT "dashboard_views_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_battery_reference_batteries_reference_fk" FOREIGN KEY ("battery_reference") REFERENCES "public"."batteries"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboards_company_idx" ON "dashboards" USING btree ("company_id");--> statement-breakpoint
CREATE FUNCTION job_month_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_month_counts AS counts (company_id, month, device_type, job_type, job_status, synthetic, count)
  SELECT company_id, date_trunc('month', begin_date AT TIME ZONE 'UTC')::date, device_type, job_type, job_status, synthetic, count(*)
  FROM added GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT job_month_counts_key DO UPDATE SET count = counts.count + excluded.count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION job_month_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE job_month_counts AS counts SET count = counts.count - gone.n
  FROM (
    SELECT company_id, date_trunc('month', begin_date AT TIME ZONE 'UTC')::date AS month, device_type, job_type, job_status, synthetic, count(*) AS n
    FROM removed GROUP BY 1, 2, 3, 4, 5, 6
  ) gone
  WHERE counts.company_id IS NOT DISTINCT FROM gone.company_id AND counts.month = gone.month
    AND counts.device_type = gone.device_type AND counts.job_type = gone.job_type
    AND counts.job_status = gone.job_status AND counts.synthetic = gone.synthetic;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER jobs_count_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_add();--> statement-breakpoint
CREATE TRIGGER jobs_count_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_remove();--> statement-breakpoint
CREATE TRIGGER jobs_count_update_remove AFTER UPDATE ON jobs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_remove();--> statement-breakpoint
CREATE TRIGGER jobs_count_update_add AFTER UPDATE ON jobs REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_add();--> statement-breakpoint
CREATE TRIGGER archived_jobs_count_insert AFTER INSERT ON archived_jobs REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_add();--> statement-breakpoint
CREATE TRIGGER archived_jobs_count_delete AFTER DELETE ON archived_jobs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_remove();--> statement-breakpoint
CREATE TRIGGER archived_jobs_count_update_remove AFTER UPDATE ON archived_jobs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_remove();--> statement-breakpoint
CREATE TRIGGER archived_jobs_count_update_add AFTER UPDATE ON archived_jobs REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION job_month_counts_add();--> statement-breakpoint
INSERT INTO job_month_counts (company_id, month, device_type, job_type, job_status, synthetic, count)
SELECT company_id, date_trunc('month', begin_date AT TIME ZONE 'UTC')::date, device_type, job_type, job_status, synthetic, count(*)
FROM (SELECT company_id, begin_date, device_type, job_type, job_status, synthetic FROM jobs
      UNION ALL SELECT company_id, begin_date, device_type, job_type, job_status, synthetic FROM archived_jobs) every_job
GROUP BY 1, 2, 3, 4, 5, 6;
