ALTER TABLE "certificates" ALTER COLUMN "series_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "laboratory" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "document_serial_number" varchar(32);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "quality" varchar(16) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "quality_note" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "registered_by" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "registered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Certificates from before these columns name their device's serial number and count as registered on their calibration day.
UPDATE "certificates" SET "document_serial_number" = "series"."serial_number", "registered_at" = "certificates"."calibration_date" FROM "series" WHERE "series"."id" = "certificates"."series_id";
