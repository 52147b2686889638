CREATE TABLE "serial_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_number" varchar(10) NOT NULL,
	"from_number" integer NOT NULL,
	"to_number" integer NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "serial_ranges_part_idx" ON "serial_ranges" USING btree ("part_number","from_number");