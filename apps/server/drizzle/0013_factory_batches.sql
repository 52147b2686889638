CREATE TABLE "factory_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_number" varchar(10) NOT NULL,
	"device_type" varchar(32) NOT NULL,
	"serial_numbers" jsonb NOT NULL,
	"software_version" varchar(32),
	"database_version" varchar(32),
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
