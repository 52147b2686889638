CREATE TABLE "table_import_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"import_path" varchar(100) NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "table_import_drafts" ADD CONSTRAINT "table_import_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_import_drafts_user_idx" ON "table_import_drafts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "table_import_drafts_expires_idx" ON "table_import_drafts" USING btree ("expires_at");