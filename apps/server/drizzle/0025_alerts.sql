CREATE TABLE "alert_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(48) NOT NULL,
	"threshold" integer,
	"channel" varchar(16) NOT NULL,
	"company_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"held_back" integer DEFAULT 0 NOT NULL,
	"held_back_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_sources" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"read_up_to" timestamp with time zone NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_alert_states" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"silent_since" timestamp with time zone NOT NULL,
	"event_id" bigint
);
--> statement-breakpoint
CREATE TABLE "fleet_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fleet_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" varchar(48) NOT NULL,
	"version" smallint NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid,
	"owner_id" uuid,
	"threshold" integer,
	"record_type" varchar(32) NOT NULL,
	"record_id" varchar(128) NOT NULL,
	"data" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "fleet_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"rule_id" integer,
	"channel" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "notifications_user_event_unique" UNIQUE("user_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alert_states" ADD CONSTRAINT "device_alert_states_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_events" ADD CONSTRAINT "fleet_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_events" ADD CONSTRAINT "fleet_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_fleet_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."fleet_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_kind_idx" ON "alert_rules" USING btree ("kind","user_id");--> statement-breakpoint
CREATE INDEX "alert_rules_user_idx" ON "alert_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fleet_events_waiting_idx" ON "fleet_events" USING btree ("id") WHERE "fleet_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "fleet_events_occurred_idx" ON "fleet_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_mail_idx" ON "notifications" USING btree ("channel","id") WHERE "notifications"."channel" <> 'console' and "notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_kind_idx" ON "notifications" USING btree ("user_id","rule_id","created_at");--> statement-breakpoint
CREATE INDEX "certificates_validity_idx" ON "certificates" USING btree ("end_of_validity_date");--> statement-breakpoint
CREATE INDEX "tasks_finished_idx" ON "tasks" USING btree ("finished_at");