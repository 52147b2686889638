CREATE TABLE "certificate_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"recipients" jsonb NOT NULL,
	"certificate_ids" jsonb NOT NULL,
	"message" text,
	"language" varchar(8) NOT NULL,
	"email" varchar(8) NOT NULL,
	"email_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_deliveries" ADD CONSTRAINT "certificate_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_deliveries_created_idx" ON "certificate_deliveries" USING btree ("created_at","id");