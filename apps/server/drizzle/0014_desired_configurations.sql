CREATE TABLE "group_desired_configurations" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_desired_configurations" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_desired_configurations" ADD CONSTRAINT "group_desired_configurations_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_desired_configurations" ADD CONSTRAINT "series_desired_configurations_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;