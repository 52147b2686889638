CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(32) NOT NULL,
	"description" text NOT NULL,
	"file_name" text NOT NULL,
	"request" jsonb NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"locked_by" varchar(64),
	"locked_until" timestamp with time zone,
	"rows_done" integer,
	"rows_total" integer,
	"error" text,
	"media_key" text,
	"media_size" bigint,
	"expires_at" timestamp with time zone,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_user_posted_idx" ON "tasks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_waiting_idx" ON "tasks" USING btree ("run_after") WHERE "tasks"."status" in (80, 82, 83);--> statement-breakpoint
CREATE INDEX "tasks_running_idx" ON "tasks" USING btree ("locked_until") WHERE "tasks"."status" = 67;