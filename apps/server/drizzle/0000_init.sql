CREATE TABLE "accessories" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(32) NOT NULL,
	"part_number" varchar(10) NOT NULL,
	"description" text,
	"series_id" integer,
	"company_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registration_date" timestamp with time zone NOT NULL,
	CONSTRAINT "accessories_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"number" varchar(64) NOT NULL,
	"calibration_date" timestamp with time zone NOT NULL,
	"end_of_validity_date" timestamp with time zone NOT NULL,
	"check_passed" boolean,
	CONSTRAINT "certificates_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"country" char(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"name" varchar(128) NOT NULL,
	"part_number" varchar(32),
	"serial_number" varchar(64),
	"version" varchar(32),
	"status" varchar(16) DEFAULT 'ok' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"connection_date" timestamp with time zone NOT NULL,
	"username" varchar(128) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_configurations" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "device_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "heartbeats" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"last_heartbeat" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_meters" integer
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" varchar(64) NOT NULL,
	"id" varchar(256) NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" varchar(256),
	"user_code" varchar(256),
	"uid" varchar(256),
	"expires_at" timestamp with time zone,
	"consumed_at" bigint,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" varchar(16) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"tool_version" varchar(32),
	"media_key" varchar(300) NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "screenshots_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(32) NOT NULL,
	"part_number" varchar(10) NOT NULL,
	"device_type" varchar(32) NOT NULL,
	"maker" varchar(64) NOT NULL,
	"description" text,
	"device_status" char(1) NOT NULL,
	"company_id" uuid,
	"store_id" integer,
	"store_code" varchar(100),
	"dealer_code" varchar(100),
	"group_id" integer,
	"country" char(2),
	"language" varchar(10),
	"current_version" varchar(32),
	"current_db_version" varchar(32),
	"early_access" boolean DEFAULT false NOT NULL,
	"status_before_discard" char(1),
	"product_descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"registration_date" timestamp with time zone NOT NULL,
	"activation_date" timestamp with time zone,
	"device_key_hash" varchar(64),
	CONSTRAINT "series_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "series_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"username" varchar(128) NOT NULL,
	"user_uid" uuid NOT NULL,
	"email" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"official_store_code" varchar(100) NOT NULL,
	"dealer_code" varchar(100),
	"name" text NOT NULL,
	"company_id" uuid,
	"group_id" integer,
	"store_status" smallint DEFAULT 0 NOT NULL,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_official_store_code_unique" UNIQUE("official_store_code")
);
--> statement-breakpoint
CREATE TABLE "update_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"subject" varchar(64) NOT NULL,
	"update_date" timestamp with time zone NOT NULL,
	"from_version" varchar(32),
	"to_version" varchar(32) NOT NULL,
	"details" text,
	"username" varchar(128)
);
--> statement-breakpoint
CREATE TABLE "user_configurations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" uuid NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_code" varchar(64) NOT NULL,
	CONSTRAINT "user_roles_user_id_role_code_pk" PRIMARY KEY("user_id","role_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"username" varchar(128),
	"name" text NOT NULL,
	"email" varchar(256),
	"password_hash" text,
	"demo" boolean DEFAULT false NOT NULL,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accessories" ADD CONSTRAINT "accessories_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessories" ADD CONSTRAINT "accessories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configurations" ADD CONSTRAINT "device_configurations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heartbeats" ADD CONSTRAINT "heartbeats_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_users" ADD CONSTRAINT "series_users_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_history" ADD CONSTRAINT "update_history_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_configurations" ADD CONSTRAINT "user_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_code_roles_code_fk" FOREIGN KEY ("role_code") REFERENCES "public"."roles"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accessories_series_idx" ON "accessories" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "accessories_company_idx" ON "accessories" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "accessories_registration_idx" ON "accessories" USING btree ("registration_date","id");--> statement-breakpoint
CREATE INDEX "certificates_series_idx" ON "certificates" USING btree ("series_id","calibration_date");--> statement-breakpoint
CREATE INDEX "components_series_idx" ON "components" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "connections_series_idx" ON "connections" USING btree ("series_id","connection_date");--> statement-breakpoint
CREATE INDEX "heartbeats_last_idx" ON "heartbeats" USING btree ("last_heartbeat","series_id");--> statement-breakpoint
CREATE INDEX "locations_series_idx" ON "locations" USING btree ("series_id","reported_at");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "screenshots_series_idx" ON "screenshots" USING btree ("series_id","taken_at");--> statement-breakpoint
CREATE INDEX "series_company_idx" ON "series" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "series_store_idx" ON "series" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "series_status_idx" ON "series" USING btree ("device_status");--> statement-breakpoint
CREATE INDEX "series_activation_idx" ON "series" USING btree ("activation_date","id");--> statement-breakpoint
CREATE INDEX "series_registration_idx" ON "series" USING btree ("registration_date","id");--> statement-breakpoint
CREATE INDEX "series_country_idx" ON "series" USING btree ("country","id");--> statement-breakpoint
CREATE INDEX "series_description_idx" ON "series" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "series_dealer_idx" ON "series" USING btree ("dealer_code","id");--> statement-breakpoint
CREATE INDEX "series_store_code_idx" ON "series" USING btree ("store_code");--> statement-breakpoint
CREATE INDEX "series_type_idx" ON "series" USING btree ("device_type","id");--> statement-breakpoint
CREATE INDEX "series_maker_idx" ON "series" USING btree ("maker","id");--> statement-breakpoint
CREATE INDEX "series_version_idx" ON "series" USING btree ("current_version","id");--> statement-breakpoint
CREATE INDEX "series_db_version_idx" ON "series" USING btree ("current_db_version","id");--> statement-breakpoint
CREATE INDEX "series_group_idx" ON "series" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_users_unique" ON "series_users" USING btree ("series_id","username");--> statement-breakpoint
CREATE INDEX "stores_company_idx" ON "stores" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "update_history_series_idx" ON "update_history" USING btree ("series_id","update_date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_issuer_subject_unique" ON "users" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "users_local_username_unique" ON "users" USING btree ("issuer","username");